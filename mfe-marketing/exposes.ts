import type { RemoteExposes } from '@reelmint/contract/screens';

/**
 * Where this remote keeps each module it exposes: every module the contract names for it (its EXPOSED table), and no
 * other. The federation build (vite.config.ts), knip and the bench's reference read this one map.
 */
export const exposes = {
  './HomePage': './src/home/home-page.tsx',
  './TextToVideoLanding': './src/landings/text-to-video-landing.tsx',
  './ImageToVideoLanding': './src/landings/image-to-video-landing.tsx',
  './TemplatesPage': './src/templates/templates-page.tsx',
  './AboutPage': './src/company/about-page.tsx',
  './FaqsPage': './src/company/faqs-page.tsx',
  './ContactPage': './src/company/contact-page.tsx',
  './PrivacyPage': './src/legal/privacy-page.tsx',
  './TermsPage': './src/legal/terms-page.tsx',
} satisfies RemoteExposes<'marketing'>;
