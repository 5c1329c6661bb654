import type { RemoteExposes } from '@reelmint/contract/screens';

/**
 * Where this remote keeps each module it exposes: every module the contract names for it (its EXPOSED table), and no
 * other. The federation build (vite.config.ts), knip and the bench's reference read this one map.
 */
export const exposes = {
  './PricingPage': './src/pricing/pricing-page.tsx',
  './PaymentSuccessPage': './src/payment/payment-success-page.tsx',
  './PaymentCancelPage': './src/payment/payment-cancel-page.tsx',
  './SubscriptionModal': './src/subscription-modal/subscription-modal.tsx',
  './CreditsHistoryPage': './src/credits-history/credits-history-page.tsx',
} satisfies RemoteExposes<'billing'>;
