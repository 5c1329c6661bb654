import { afterEach, describe, expect, it } from 'vitest';
import { preloadLikelyScreens } from './idle-preload.ts';
import type { RemoteManifest } from './manifest-files.ts';

const manifest = (...pages: string[]): RemoteManifest => ({
  exposes: pages.map((page) => ({
    path: `./${page}`,
    assets: {
      js: { sync: [`assets/${page}.js`], async: ['assets/fr-CDEpiKim.js', 'assets/en-Bb4aQQk9.js'] },
      css: { sync: [`assets/${page}.css`], async: [] },
    },
  })),
});

const pointer = {
  marketing: { entry: 'http://localhost:5174/remoteEntry.js', version: 'local' },
  generator: { entry: 'http://localhost:5175/releases/1.0.0+a/remoteEntry.js', version: '1.0.0+a' },
  billing: { entry: 'http://localhost:5176/remoteEntry.js', version: 'local' },
};

const manifests: Record<string, RemoteManifest> = {
  'http://localhost:5174/mf-manifest.json': manifest('HomePage', 'TemplatesPage', 'FaqsPage'),
  'http://localhost:5175/releases/1.0.0+a/mf-manifest.json': manifest('GeneratorPage'),
};

const fakeFetch = ((url: string) =>
  Promise.resolve(manifests[url] ? new Response(JSON.stringify(manifests[url])) : new Response('down', { status: 503 }))) as unknown as typeof fetch;

const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((link) => `${link.rel} ${link.href}`);

afterEach(() => {
  document.head.innerHTML = '';
});

describe('preloading likely next screens once the page is idle', () => {
  it("fetches the other remotes' entries and the files of their likely screens, in the page's language, then warms those screens", async () => {
    const warmed: string[] = [];
    const warm = (remote: string, module: string) => {
      warmed.push(`${remote}/${module}`);
      return remote === 'generator' ? Promise.reject(new Error('down')) : Promise.resolve();
    };
    const ready = await preloadLikelyScreens({
      pointer,
      current: { remote: 'marketing', module: './FaqsPage' },
      languages: ['fr', 'en'],
      fetch: fakeFetch,
      warm,
    });
    expect(warmed.sort()).toEqual(['generator/./GeneratorPage', 'marketing/./HomePage', 'marketing/./TemplatesPage']);
    // The screens the shell may draw ahead: those that warmed, each with the path of its header link.
    expect(ready).toEqual([
      { remote: 'marketing', module: './HomePage', path: '/' },
      { remote: 'marketing', module: './TemplatesPage', path: '/free-video-templates' },
    ]);
    const added = links();
    expect(added).toContain('modulepreload http://localhost:5175/releases/1.0.0+a/remoteEntry.js');
    expect(added).toContain('modulepreload http://localhost:5175/releases/1.0.0+a/assets/GeneratorPage.js');
    expect(added).toContain('modulepreload http://localhost:5175/releases/1.0.0+a/assets/fr-CDEpiKim.js');
    expect(added).toContain('modulepreload http://localhost:5174/assets/HomePage.js');
    expect(added).toContain('modulepreload http://localhost:5174/assets/TemplatesPage.js');
    // The screen on view is loading already, and so is its remote's entry.
    expect(added).not.toContain('modulepreload http://localhost:5174/assets/FaqsPage.js');
    expect(added).not.toContain('modulepreload http://localhost:5174/remoteEntry.js');
  });

  it('preloads only the entry of a remote whose manifest cannot be read, and never the same file twice', async () => {
    await preloadLikelyScreens({ pointer, languages: ['en'], fetch: fakeFetch });
    await preloadLikelyScreens({ pointer, languages: ['en'], fetch: fakeFetch });
    const added = links();
    expect(added.filter((link) => link.includes('localhost:5176'))).toEqual(['modulepreload http://localhost:5176/remoteEntry.js']);
    expect(new Set(added).size).toBe(added.length);
  });
});
