import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { configure, registerNamespace } from '@reelmint/shared';
import { fakeApi, setupFakeApi } from '@reelmint/testing';
import { i18nOptions, SiteBackend } from './i18n.ts';
import { createDetector, PREFERRED_LANG_KEY } from './detect-language.ts';

setupFakeApi();

interface Visit {
  path?: string;
  geo?: string | null;
  stored?: string;
  cookie?: string;
  cached?: string;
  browser?: string[];
  htmlLang?: string;
}

/** Detect the language a fresh page would show, with the same detector and options as the site. */
async function detect(visit: Visit): Promise<string> {
  history.replaceState(null, '', visit.path ?? '/');
  configure({ geoCountry: visit.geo ?? null });
  if (visit.stored !== undefined) localStorage.setItem(PREFERRED_LANG_KEY, visit.stored);
  if (visit.cached !== undefined) localStorage.setItem('i18nextLng', visit.cached);
  if (visit.cookie !== undefined) document.cookie = `i18next=${visit.cookie}; path=/`;
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(visit.browser ?? []);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(visit.browser?.[0] ?? '');
  document.documentElement.lang = visit.htmlLang ?? '';
  const instance = i18next.createInstance();
  await instance.use(createDetector()).init({ ...i18nOptions(), backend: undefined, resources: {} });
  return instance.language;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.cookie = 'i18next=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  configure({ geoCountry: null });
});

describe('language detection', () => {
  it.each<[string, Visit, string]>([
    ['nothing known gives English', {}, 'en'],
    ['the URL segment wins over every other signal', { path: '/de/pricing', geo: 'FR', stored: 'ja', browser: ['ko'] }, 'de'],
    ['a lower-case zh-cn segment means zh-CN', { path: '/zh-cn/pricing' }, 'zh-CN'],
    ['an unsupported segment falls through to the next source', { path: '/xx/pricing', browser: ['it-IT'] }, 'it'],
    ['a route name is not a language', { path: '/pricing', browser: ['es'] }, 'es'],
    ['the geo country comes before the stored preference', { geo: 'FR', stored: 'de', browser: ['ja'] }, 'fr'],
    ['country codes map through the table (HK -> zh-TW)', { geo: 'hk' }, 'zh-TW'],
    ['a country outside the table is ignored', { geo: 'BR', stored: 'de' }, 'de'],
    ['the stored preference comes before the browser', { stored: 'ru', browser: ['ja', 'en'] }, 'ru'],
    ['an unsupported stored value is ignored', { stored: 'xx', browser: ['ko-KR'] }, 'ko'],
    ['a stored value that looks like script injection is discarded', { stored: '"><script>alert(1)</script>', browser: ['hi-IN'] }, 'hi'],
    ['a cached value that looks like script injection is discarded', { cached: 'javascript:alert(1)', browser: ['pt'] }, 'pt'],
    ['browser languages are tried in order', { browser: ['xx-YY', 'pt-BR', 'fr'] }, 'pt'],
    ['zh alone means zh-CN', { browser: ['zh'] }, 'zh-CN'],
    ['zh-Hant means zh-TW', { browser: ['zh-Hant'] }, 'zh-TW'],
    ['zh-tw means zh-TW', { browser: ['zh-tw'] }, 'zh-TW'],
    ['matching is case-insensitive', { browser: ['LA'] }, 'la'],
    ['the cookie cache comes after the stored preference', { stored: 'it', cookie: 'ko' }, 'it'],
    ['the cookie cache comes before the browser', { cookie: 'ko', browser: ['fr'] }, 'ko'],
    ['the html tag is the last signal', { htmlLang: 'ja' }, 'ja'],
  ])('%s', async (_name, visit, expected) => {
    expect(await detect(visit)).toBe(expected);
  });

  it('caches the detected language in a cookie and in local storage', async () => {
    await detect({ geo: 'DE' });
    expect(localStorage.getItem('i18nextLng')).toBe('de');
    expect(document.cookie).toContain('i18next=de');
  });

  it('keeps each language the page changes to for the next visit', async () => {
    const instance = i18next.createInstance();
    await instance.use(createDetector()).init({ ...i18nOptions(), backend: undefined, resources: {} });
    await instance.changeLanguage('fr');
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
    expect(document.cookie).toContain('i18next=fr');
  });

  it('does not write preferred_lang by itself: only a person choosing a language does', async () => {
    await detect({ geo: 'DE' });
    expect(localStorage.getItem(PREFERRED_LANG_KEY)).toBeNull();
  });
});

describe('where strings come from', () => {
  it("loads a remote's namespace from the remote's own files on a language change, and the shell's over HTTP", async () => {
    registerNamespace('demo', {
      './locales/en.json': async () => ({ default: { hello: 'Hello' } }),
      './locales/fr.json': async () => ({ default: { hello: 'Bonjour' } }),
    });
    const requested = fakeApi.files('/locales/:lng/translation.json', () => ({ title: 'Titre' }));
    const instance = i18next.createInstance();
    await instance.use(SiteBackend).init({ ...i18nOptions(), lng: 'en', ns: ['translation', 'demo'] });
    await instance.changeLanguage('fr');
    expect(instance.t('demo:hello')).toBe('Bonjour');
    expect(instance.t('title')).toBe('Titre');
    expect(requested.map((url) => url.pathname).filter((path) => path.includes('/fr/'))).toEqual(['/locales/fr/translation.json']);
  });
});
