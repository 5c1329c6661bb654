// The screens the remotes own and the modules each remote exposes, named once. The shell routes by this table and
// draws server pages from it; each remote's exposes.ts maps every module named here to its file (a missing or
// extra module is a type error there); knip and the bench's reference read those maps.
import type { ComponentType } from 'react';
import type { RemoteName } from './remotes.mjs';

/** What every exposed module hands the shell. */
export interface ScreenModule {
  /** The screen (or slot) itself; it takes no props: what it needs comes from the address and the runtime package. */
  default: ComponentType;
  /** Reads the screen's data ahead, called while the page is idle, so that a move to the screen draws it at once. */
  preload?: () => Promise<unknown>;
  /** Whether this code can take over the page the server drew for it (false: the drawn page stays as it is). */
  canTakeOver?: () => boolean;
}

/** Every module a remote exposes: its screens, and the billing remote's subscription modal, which any page opens. */
export const EXPOSED = {
  marketing: [
    './HomePage',
    './TextToVideoLanding',
    './ImageToVideoLanding',
    './TemplatesPage',
    './AboutPage',
    './FaqsPage',
    './ContactPage',
    './PrivacyPage',
    './TermsPage',
  ],
  generator: ['./GeneratorPage', './SharedVideoPage'],
  billing: ['./PricingPage', './PaymentSuccessPage', './PaymentCancelPage', './CreditsHistoryPage', './SubscriptionModal'],
} as const satisfies Record<RemoteName, readonly `./${string}`[]>;

export type ExposedModule<R extends RemoteName = RemoteName> = (typeof EXPOSED)[R][number];

/** Where a remote keeps each module it exposes (its exposes.ts): every module the contract names, and no other. */
export type RemoteExposes<R extends RemoteName> = { readonly [M in ExposedModule<R>]: `./src/${string}` };

interface ScreenOf<R extends RemoteName> {
  /** The language-free path (`:name` matches one segment); each is also served under /{lng}/. */
  path: string;
  remote: R;
  module: ExposedModule<R>;
  /** The page's key under `meta.` in the shell's strings: its title and description in the head. */
  page: string;
  /** A public page: the shell's server draws it into the first HTML (the same for every visitor, signed in or not). */
  serverRendered?: true;
}

export type RemoteScreen = { [R in RemoteName]: ScreenOf<R> }[RemoteName];

/** Every screen that a remote owns. */
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

/** Whether a value (from the page's boot data, say) names a module the remote exposes. */
export function isExposedModule(remote: RemoteName, value: unknown): value is ExposedModule {
  return (EXPOSED[remote] as readonly unknown[]).includes(value);
}
