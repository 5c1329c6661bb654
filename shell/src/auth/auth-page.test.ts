// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@reelmint/shared';
import type { LoginReply } from '@reelmint/shared';
import { authErrorText, safeReturnPath, welcomeText } from './auth-page.tsx';

describe('safeReturnPath', () => {
  it('returns only to paths on this site', () => {
    expect(safeReturnPath('/text-to-video/generator')).toBe('/text-to-video/generator');
    expect(safeReturnPath('//evil.test/x')).toBe('/');
    expect(safeReturnPath('https://evil.test')).toBe('/');
    expect(safeReturnPath('/\\evil.test')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});

describe('authErrorText', () => {
  const french =
    import.meta.glob<Record<string, unknown>>('../../public/locales/fr/translation.json', { eager: true, import: 'default' })[
      '../../public/locales/fr/translation.json'
    ] ?? {};
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'fr', resources: { fr: { translation: french } }, initAsync: false });

  it("says the server's refusal in the page's language, chosen by its code rather than its English message", () => {
    const wrong = new ApiError('Incorrect email or password', 'INVALID_CREDENTIALS', 401);
    expect(authErrorText(i18n.t, wrong)).toBe('E-mail ou mot de passe incorrect.');
    const taken = new ApiError('An account with this email already exists', 'EMAIL_TAKEN', 409);
    expect(authErrorText(i18n.t, taken)).toBe('Un compte existe déjà avec cet e-mail. Connectez-vous plutôt.');
  });

  it('falls back to the generic sentence for a code it does not know, or a failure that is not the API', () => {
    expect(authErrorText(i18n.t, new ApiError('Teapot', 'SOMETHING_NEW', 418))).toBe('Une erreur s’est produite. Veuillez réessayer.');
    expect(authErrorText(i18n.t, new TypeError('x'))).toBe('Une erreur s’est produite. Veuillez réessayer.');
  });
});

describe('welcomeText', () => {
  const french =
    import.meta.glob<Record<string, unknown>>('../../public/locales/fr/translation.json', { eager: true, import: 'default' })[
      '../../public/locales/fr/translation.json'
    ] ?? {};
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'fr', resources: { fr: { translation: french } }, initAsync: false });
  const reply = (emailVerified: boolean) => ({ user: { name: 'Ada', email: 'ada@example.com', credits: 1500, emailVerified } }) as unknown as LoginReply; // only the fields the text reads

  it('tells a new account its free credits are there, and where its confirmation link went', () => {
    expect(welcomeText(i18n.t, reply(false), 'fr')).toBe(
      'Bienvenue, Ada ! Vos crédits offerts sont sur votre compte : 1\u202f500 crédits. Confirmez votre e-mail avec le lien envoyé à ada@example.com.',
    );
    expect(welcomeText(i18n.t, reply(true), 'fr')).toBe('Bienvenue, Ada ! Vos crédits offerts sont sur votre compte : 1\u202f500 crédits.');
  });
});
