import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reelmint/shared';
import { applyHead, headFor, pageKeyOf } from './head.ts';

const ORIGIN = 'https://reelmint.example';

describe('page head', () => {
  it('names each page by its language-free path', () => {
    expect(pageKeyOf('/')).toBe('home');
    expect(pageKeyOf('/image-to-video/generator')).toBe('generator');
    expect(pageKeyOf('/payment/success')).toBe('paymentSuccess');
    expect(pageKeyOf('/auth')).toBe('auth');
    expect(pageKeyOf('/no-such-page')).toBe('notFound');
  });

  it('links every language, x-default and the canonical URL of the shown language', () => {
    const head = headFor(ORIGIN, '/pricing', 'fr', { title: 'Tarifs', description: 'Les offres' });
    expect(head.title).toBe('Tarifs | Reelmint');
    expect(head.canonical).toBe(`${ORIGIN}/fr/pricing`);
    expect(head.alternates).toHaveLength(LANGUAGES.length + 1);
    expect(head.alternates).toContainEqual({ hreflang: 'zh-TW', href: `${ORIGIN}/zh-TW/pricing` });
    expect(head.alternates).toContainEqual({ hreflang: 'x-default', href: `${ORIGIN}/pricing` });
    expect(headFor(ORIGIN, '/', 'ja', head).canonical).toBe(`${ORIGIN}/ja`);
    // An address with a trailing slash is the same page: the same canonical URL and alternates.
    const slashed = headFor(ORIGIN, '/pricing/', 'fr', { title: 'Tarifs', description: 'Les offres' });
    expect(slashed.canonical).toBe(`${ORIGIN}/fr/pricing`);
    expect(slashed.alternates).toEqual(head.alternates);
  });

  it('names no canonical and no alternates for an address that is no page, which has no other language either', () => {
    const head = headFor(ORIGIN, '/nope-404', 'en', { title: 'Page not found', description: 'd' });
    expect(head.canonical).toBeNull();
    expect(head.alternates).toEqual([]);
    applyHead(headFor(ORIGIN, '/faqs', 'en', { title: 'FAQs', description: 'Answers' }));
    applyHead(head);
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.querySelector('link[rel="alternate"]')).toBeNull();
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });

  it('gives the web site as its home page, whichever page describes it', () => {
    expect(headFor(ORIGIN, '/faqs', 'de', { title: 't', description: 'd' }).structuredData.url).toBe(`${ORIGIN}/de`);
  });

  it('describes the site with a search action that lands on the templates gallery', () => {
    const { structuredData } = headFor(ORIGIN, '/', 'de', { title: 't', description: 'd' });
    expect(structuredData).toMatchObject({
      '@type': 'WebSite',
      inLanguage: 'de',
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: `${ORIGIN}/de/free-video-templates?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('replaces its tags on every change instead of adding more', () => {
    applyHead(headFor(ORIGIN, '/faqs', 'en', { title: 'FAQs', description: 'Answers' }));
    applyHead(headFor(ORIGIN, '/faqs', 'ko', { title: '자주 묻는 질문', description: '답변' }));
    expect(document.title).toBe('자주 묻는 질문 | Reelmint');
    expect(document.documentElement.lang).toBe('ko');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('답변');
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/ko/faqs`);
    expect(document.querySelectorAll('link[rel="alternate"]')).toHaveLength(LANGUAGES.length + 1);
    expect(document.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });
});
