// The reference's server module: the shell's own first-HTML composer (shell/src/server/first-html.ts) and page
// renderer, built with the reference's screens instead of the remotes' server builds. A page is drawn, hinted and
// handed to the browser exactly as the site's shell server does it; only where a screen's code comes from differs
// (a chunk of this build, on both sides, instead of a remote's origin). Built for Node by the bench
// (vite.config.mjs, `--ssr`) and loaded by bench/site.mjs, which serves it with the shell's HTTP server.
import type { ComponentType } from 'react';
import { screens } from 'virtual:reference-screens';
import type { ExposedModule, ScreenModule } from '@reelmint/contract/screens';
import { createFirstHtml } from 'shell/bench-reference/first-html';
import { createPageRenderer } from 'shell/bench-reference/render-page';
import type { RemoteName } from 'shell/bench-reference/pointer';

async function loadScreen(remote: RemoteName, _entry: string, module: ExposedModule): Promise<ComponentType> {
  const load = screens[remote][module];
  if (!load) throw new Error(`The reference build has no ${remote} ${module}`);
  const Screen = ((await load()) as Partial<ScreenModule>).default;
  if (!Screen) throw new Error(`${remote} ${module} has no screen`);
  return Screen;
}

/** The reference's pages: `firstHtml(request)` as the site's shell server calls it, from the reference's index.html. */
export function referencePages({ template, siteOrigin, strings }: Pick<Parameters<typeof createFirstHtml>[0], 'template' | 'siteOrigin' | 'strings'>) {
  return createFirstHtml({ template, siteOrigin, strings, render: { renderPage: createPageRenderer(strings), screens: { load: loadScreen } } });
}
