// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadRegisteredNamespaces, registerNamespace } from './namespace.ts';

describe('loading the strings of registered namespaces ahead of their screens', () => {
  it('adds each registered namespace in the asked languages, and only those', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'fr', fallbackLng: 'en', resources: {} });
    const asked: string[] = [];
    const file = (lng: string, title: string) => () => {
      asked.push(lng);
      return Promise.resolve({ default: { title } });
    };
    registerNamespace('ahead', {
      './locales/en.json': file('en', 'Pricing'),
      './locales/fr.json': file('fr', 'Tarifs'),
      './locales/de.json': file('de', 'Preise'),
    });
    await loadRegisteredNamespaces(i18n, ['fr', 'en']);
    expect(i18n.getResource('fr', 'ahead', 'title')).toBe('Tarifs');
    expect(i18n.getResource('en', 'ahead', 'title')).toBe('Pricing');
    expect(asked.sort()).toEqual(['en', 'fr']);
  });
});
