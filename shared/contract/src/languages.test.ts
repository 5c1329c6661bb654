// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { looksLikeInjection, matchLanguage, normalizeLanguage, stripLanguage, withLanguage } from './languages.ts';

describe('normalizeLanguage', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['ZH-CN', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['FR', 'fr'],
    ['pt-BR', 'pt'],
    ['en-GB', 'en'],
    ['xx', 'en'],
    ['', 'en'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeLanguage(input)).toBe(expected);
  });

  it('discards values that look like script injection', () => {
    expect(looksLikeInjection('<script>alert(1)</script>')).toBe(true);
    expect(looksLikeInjection('javascript:alert(1)')).toBe(true);
    expect(matchLanguage('fr"><img onerror=x>')).toBeNull();
    expect(looksLikeInjection('zh-TW')).toBe(false);
  });
});

describe('language URLs', () => {
  it('puts the language first, replacing any existing one, and drops ?lng', () => {
    expect(withLanguage('/pricing?highlight=pro&lng=de', 'fr')).toBe('/fr/pricing?highlight=pro');
    expect(withLanguage('/de/pricing#top', 'ja')).toBe('/ja/pricing#top');
    expect(withLanguage('/', 'zh-TW')).toBe('/zh-TW');
    expect(withLanguage('/fr', 'en')).toBe('/en');
  });

  it('strips the language segment', () => {
    expect(stripLanguage('/fr/text-to-video/generator')).toBe('/text-to-video/generator');
    expect(stripLanguage('/zh-CN')).toBe('/');
    expect(stripLanguage('/pricing')).toBe('/pricing');
  });
});
