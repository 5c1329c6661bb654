import { stripLanguage } from '@reelmint/shared';
import type { RemoteName } from '../remotes/pointer.ts';

export interface RemoteScreen {
  path: string;
  remote: RemoteName;
  module: string;
  /** The page's key under `meta.` in the shell's strings: its title and description in the head. */
  page: string;
  /** A public page: the shell's server draws it into the first HTML (the same for every visitor, signed in or not). */
  serverRendered?: true;
}

/** Every screen that a remote owns. Each is also served under /{lng}/. */
export const REMOTE_SCREENS: readonly RemoteScreen[] = [
  { path: '/', remote: 'marketing', module: './HomePage', page: 'home', serverRendered: true },
  { path: '/text-to-video', remote: 'marketing', module: './TextToVideoLanding', page: 'textToVideo', serverRendered: true },
  { path: '/image-to-video', remote: 'marketing', module: './ImageToVideoLanding', page: 'imageToVideo', serverRendered: true },
  { path: '/free-video-templates', remote: 'marketing', module: './TemplatesPage', page: 'templates', serverRendered: true },
  { path: '/about-us', remote: 'marketing', module: './AboutPage', page: 'about', serverRendered: true },
  { path: '/faqs', remote: 'marketing', module: './FaqsPage', page: 'faqs', serverRendered: true },
  { path: '/contact', remote: 'marketing', module: './ContactPage', page: 'contact', serverRendered: true },
  { path: '/privacy-policy', remote: 'marketing', module: './PrivacyPage', page: 'privacy', serverRendered: true },
  { path: '/terms-of-service', remote: 'marketing', module: './TermsPage', page: 'terms', serverRendered: true },
  { path: '/text-to-video/generator', remote: 'generator', module: './GeneratorPage', page: 'generator', serverRendered: true },
  { path: '/image-to-video/generator', remote: 'generator', module: './GeneratorPage', page: 'generator', serverRendered: true },
  { path: '/generator', remote: 'generator', module: './GeneratorPage', page: 'generator', serverRendered: true },
  { path: '/pricing', remote: 'billing', module: './PricingPage', page: 'pricing', serverRendered: true },
  { path: '/payment/success', remote: 'billing', module: './PaymentSuccessPage', page: 'paymentSuccess' },
  { path: '/payment/cancel', remote: 'billing', module: './PaymentCancelPage', page: 'paymentCancel' },
  { path: '/credits', remote: 'billing', module: './CreditsHistoryPage', page: 'credits' },
  // A shared video's public page: the generator's, since it owns videos and a remix opens the generator.
  { path: '/v/:id', remote: 'generator', module: './SharedVideoPage', page: 'sharedVideo' },
];

/** The screen a language-free path shows; `:name` segments of a screen's path match any one segment. */
export function screenFor(barePath: string): RemoteScreen | undefined {
  const parts = barePath.split('/');
  return REMOTE_SCREENS.find(({ path }) => {
    const pattern = path.split('/');
    return pattern.length === parts.length && pattern.every((segment, i) => (segment.startsWith(':') ? parts[i] !== '' : segment === parts[i]));
  });
}

/** The screens the shell draws itself (app.tsx). Each is also served under /{lng}/. */
export const SHELL_PATHS = ['/auth', '/forgot-password', '/reset-password', '/verify-email', '/account', '/release'] as const;

export type ShellPath = (typeof SHELL_PATHS)[number];

/**
 * Whether an address shows one of the site's screens rather than the not-found page, as the browser's router
 * decides it (case-insensitively, a trailing slash ignored). A language-shaped first segment that is not a
 * supported language still counts: the browser corrects it in place.
 */
export function isSitePath(pathname: string): boolean {
  const bare = stripLanguage(pathname.toLowerCase()).replace(/(.)\/$/, '$1');
  return screenFor(bare) !== undefined || (SHELL_PATHS as readonly string[]).includes(bare);
}

export function isGeneratorPath(barePath: string): boolean {
  return barePath === '/generator' || barePath.endsWith('/generator');
}
