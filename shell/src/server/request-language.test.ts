// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { requestLanguage } from './request-language.ts';

describe('the language of a request', () => {
  it('takes the path first', () => {
    expect(requestLanguage({ pathname: '/zh-TW/faqs', geoCountry: 'FR', acceptLanguage: 'de' })).toBe('zh-TW');
  });
  it('then the country, the language last shown, and the browser languages by weight', () => {
    expect(requestLanguage({ pathname: '/pricing', geoCountry: 'JP', cookie: 'i18next=fr' })).toBe('ja');
    expect(requestLanguage({ pathname: '/pricing', cookie: 'a=1; i18next=fr', acceptLanguage: 'de' })).toBe('fr');
    expect(requestLanguage({ pathname: '/pricing', acceptLanguage: 'xx, de;q=0.5, pt-BR;q=0.9' })).toBe('pt');
  });
  it('falls back to English when nothing it can see names a supported language', () => {
    expect(requestLanguage({ pathname: '/pricing', cookie: 'i18next=<script>', acceptLanguage: 'xx' })).toBe('en');
  });
});
