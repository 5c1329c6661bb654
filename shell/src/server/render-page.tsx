/**
 * The page itself in the first HTML: the shell's whole tree (header, the route's region, footer) drawn on the
 * server for one address and language, with the route's remote screen when it could be loaded, exactly as the
 * browser will draw it, so the browser takes the page over (hydrateRoot) instead of drawing it again.
 */
import type { ExposedModule } from '@reelmint/contract/screens';
import { StrictMode } from 'react';
import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@reelmint/contract/languages';
import { PublicReadsContext } from '@reelmint/shared';
import type { PublicReads } from '@reelmint/shared';
import { AppRoutes } from '../app/app.tsx';
import { ScreenModules } from '../remotes/screen-modules.ts';
import type { ScreenLookup } from '../remotes/screen-modules.ts';
import type { RemoteName } from '../remotes/pointer.ts';
import type { ShellStrings } from './head-html.ts';

export interface RenderRequest {
  /** The page's address (path and query), as the browser's router will see it. */
  location: string;
  lng: string;
  /** The route's remote screen, loaded for this request; null draws the region as the browser does while it loads. */
  screen: { remote: RemoteName; module: ExposedModule; Screen: ComponentType } | null;
  /** How long the drawing may take (a remote's strings that hang, say) before it is abandoned. */
  timeoutMs: number;
  /** The public API reads the screen may ask for while it is drawn. */
  reads?: PublicReads;
}

/** One i18next instance per page, holding the shell's strings of the page's language and English, like the browser's. */
async function pageI18n(lng: string, strings: ShellStrings) {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  for (const language of new Set([lng, FALLBACK_LANGUAGE])) resources[language] = { translation: strings(language) ?? {} };
  await instance.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    partialBundledLanguages: true,
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  return instance;
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

const noReads: PublicReads = { read: () => undefined };

export interface RenderedHtml {
  /** What goes inside `#root`. */
  html: string;
  /** False when a part threw and was sent as its fallback, for the browser to draw: such a page is not kept. */
  complete: boolean;
}

export function createPageRenderer(strings: ShellStrings) {
  /** The page's HTML. Rejects when it cannot be drawn within the time given. */
  return async function renderPage({ location, lng, screen, timeoutMs, reads = noReads }: RenderRequest): Promise<RenderedHtml> {
    const i18n = await pageI18n(lng, strings);
    const lookup: ScreenLookup = (remote, module) => (screen && screen.remote === remote && screen.module === module ? screen.Screen : undefined);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`the page was not drawn within ${timeoutMs} ms`)), timeoutMs);
    const errors: unknown[] = [];
    try {
      // prerender waits for every suspended part (a remote's strings) instead of sending its fallback.
      const { prelude } = await prerenderToNodeStream(
        <StrictMode>
          <I18nextProvider i18n={i18n}>
            <ScreenModules.Provider value={lookup}>
              <PublicReadsContext.Provider value={reads}>
                <StaticRouter location={location}>
                  <AppRoutes />
                </StaticRouter>
              </PublicReadsContext.Provider>
            </ScreenModules.Provider>
          </I18nextProvider>
        </StrictMode>,
        {
          signal: controller.signal,
          // Never outline a large region into a later segment revealed by an inline script: the page must read whole
          // without running any script (a content security policy without 'unsafe-inline'), and not flash its outline.
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onError: (error) => {
            errors.push(error);
          },
        },
      );
      const html = await readStream(prelude);
      if (controller.signal.aborted) throw controller.signal.reason instanceof Error ? controller.signal.reason : new Error('aborted');
      // A part that threw is sent as its fallback and drawn again by the browser; a whole page that threw is not sent.
      if (errors.length > 0)
        console.warn(
          `Part of ${location} was left to the browser:`,
          errors.map((error) => (error instanceof Error ? error.message : String(error))).join('; '),
        );
      return { html, complete: errors.length === 0 };
    } finally {
      clearTimeout(timer);
    }
  };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;
