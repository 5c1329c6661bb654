import type { RemoteName } from '../remotes/pointer.ts';

export interface RemoteScreen {
  path: string;
  remote: RemoteName;
  module: string;
}

/** Every screen of spec §2 that a remote owns. Each is also served under /{lng}/. */
export const REMOTE_SCREENS: readonly RemoteScreen[] = [
  { path: '/', remote: 'marketing', module: './HomePage' },
  { path: '/text-to-video', remote: 'marketing', module: './TextToVideoLanding' },
  { path: '/image-to-video', remote: 'marketing', module: './ImageToVideoLanding' },
  { path: '/free-video-templates', remote: 'marketing', module: './TemplatesPage' },
  { path: '/about-us', remote: 'marketing', module: './AboutPage' },
  { path: '/faqs', remote: 'marketing', module: './FaqsPage' },
  { path: '/contact', remote: 'marketing', module: './ContactPage' },
  { path: '/privacy-policy', remote: 'marketing', module: './PrivacyPage' },
  { path: '/terms-of-service', remote: 'marketing', module: './TermsPage' },
  { path: '/text-to-video/generator', remote: 'generator', module: './GeneratorPage' },
  { path: '/image-to-video/generator', remote: 'generator', module: './GeneratorPage' },
  { path: '/generator', remote: 'generator', module: './GeneratorPage' },
  { path: '/pricing', remote: 'billing', module: './PricingPage' },
  { path: '/payment/success', remote: 'billing', module: './PaymentSuccessPage' },
  { path: '/payment/cancel', remote: 'billing', module: './PaymentCancelPage' },
];

export function isGeneratorPath(barePath: string): boolean {
  return barePath === '/generator' || barePath.endsWith('/generator');
}
