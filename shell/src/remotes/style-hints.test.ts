import { afterEach, describe, expect, it } from 'vitest';
import { refreshFailedStyleHints } from './style-hints.ts';

const ORIGIN = 'http://localhost:5176';
const SHEET = `${ORIGIN}/assets/screens-abc.css`;
const OTHER = 'http://localhost:5174/assets/screens-def.css';

function hint(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'style');
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

const stylesheets = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({ href: link.href, disabled: link.hasAttribute('disabled') }));

describe('a retry of a remote whose origin failed while its stylesheets were hinted', () => {
  afterEach(() => document.head.replaceChildren());

  it("fetches the remote's hinted stylesheets afresh and marks their own addresses as in place, so its loaders do not ask for them", () => {
    hint(SHEET);
    hint(OTHER);
    refreshFailedStyleHints(`${ORIGIN}/remoteEntry.js`, 1);
    // The loaders look for a stylesheet link under the address they know: a disabled one, which the browser does not fetch.
    expect(stylesheets()).toEqual([
      { href: SHEET, disabled: true },
      { href: `${SHEET}?retry=1`, disabled: false },
    ]);
  });

  it('replaces a fresh copy that failed as well on the next attempt, and keeps one address in place', () => {
    hint(SHEET);
    refreshFailedStyleHints(`${ORIGIN}/remoteEntry.js?retry=1`, 1);
    refreshFailedStyleHints(`${ORIGIN}/remoteEntry.js?retry=2`, 2);
    // jsdom loads no stylesheet: the first copy has no rules, as one that failed.
    expect(stylesheets()).toEqual([
      { href: SHEET, disabled: true },
      { href: `${SHEET}?retry=2`, disabled: false },
    ]);
  });

  it('adds no placeholder where a stylesheet link of that address is already there, only the fresh copy', () => {
    hint(SHEET);
    const existing = document.createElement('link');
    existing.rel = 'stylesheet';
    existing.href = SHEET;
    document.head.append(existing);
    refreshFailedStyleHints(`${ORIGIN}/remoteEntry.js`, 1);
    expect(stylesheets()).toEqual([
      { href: SHEET, disabled: false },
      { href: `${SHEET}?retry=1`, disabled: false },
    ]);
  });

  it('leaves a hint the browser loaded alone', () => {
    hint(SHEET);
    const entries = performance.getEntriesByName.bind(performance);
    performance.getEntriesByName = ((name: string, type?: string) =>
      name === SHEET ? [{ name, responseStatus: 200 } as unknown as PerformanceEntry] : entries(name, type)) as typeof performance.getEntriesByName;
    try {
      refreshFailedStyleHints(`${ORIGIN}/remoteEntry.js`, 1);
    } finally {
      performance.getEntriesByName = entries;
    }
    expect(stylesheets()).toEqual([]);
  });
});
