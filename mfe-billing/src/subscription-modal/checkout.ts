import { api } from '@reelmint/shared';

export type BillingCycle = 'monthly' | 'yearly';

/** /pricing with the plan highlighted: where a failed checkout sends the person (spec §8). */
export function pricingFallbackUrl(localize: (to: string) => string, planKey: string, source?: string): string {
  const query = new URLSearchParams({ highlight: planKey, cycle: 'yearly' });
  if (source) query.set('source', source);
  return localize(`/pricing?${query.toString()}`);
}

/**
 * Starts a checkout. Success only when the server says so and gives a URL; the checkout then
 * opens in a new window without opener. Otherwise the person is told and sent to /pricing.
 */
export async function startCheckout(planKey: string, cycle: BillingCycle, source: string | undefined, fallbackUrl: string): Promise<boolean> {
  try {
    const reply = await api.createSubscriptionSession(planKey, cycle, source ?? 'subscription-modal');
    const url = reply.data?.checkoutUrl;
    if (reply.success && url) {
      window.open(url, '_blank', 'noopener,noreferrer');
      return true;
    }
    window.alert('Failed to create payment session. Redirecting to pricing page...');
  } catch {
    window.alert('Payment request failed. Redirecting to pricing page...');
  }
  window.open(fallbackUrl, '_blank', 'noopener,noreferrer');
  return false;
}
