import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reelmint/shared/languages';
import { GOODBYE_MAIL_STRINGS } from '../src/mail/goodbye-messages.ts';
import { MAIL_STRINGS } from '../src/mail/messages.ts';
import { confirmEmailChangeMail, emailChangeNoticeMail, goodbyeMail, passwordResetMail, verifyEmailMail } from '../src/mail/render.ts';
import { VERIFICATION_MAIL_STRINGS } from '../src/mail/verification-messages.ts';

const SITE = 'https://site.test';
const LINK = 'https://site.test/xx/link?token=abc';

/** Every string of a table with its path, e.g. `passwordReset.subject`. */
function leaves(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const tables = { MAIL_STRINGS, VERIFICATION_MAIL_STRINGS, GOODBYE_MAIL_STRINGS };

describe('mails in all 13 languages', () => {
  it.each(Object.entries(tables))('%s: every language says every line in its own words, keeping the placeholders', (_name, table) => {
    const english = new Map(leaves(table.en));
    for (const language of LANGUAGES) {
      const lines = new Map(leaves(table[language]));
      expect([...lines.keys()].sort(), language).toEqual([...english.keys()].sort());
      for (const [path, text] of lines) {
        expect(text.trim(), `${language} ${path}`).not.toBe('');
        expect(placeholders(text), `${language} ${path}`).toEqual(placeholders(english.get(path)!));
        if (language !== 'en') expect(text, `${language} ${path} is left in English`).not.toBe(english.get(path));
      }
    }
  });

  it.each(LANGUAGES)('%s: each mail names the site, links to that language’s pages, and says the same in text and HTML', (language) => {
    const common = { language, name: 'Ada', siteOrigin: SITE };
    const mails = {
      reset: passwordResetMail({ ...common, url: LINK, minutes: 30 }),
      verify: verifyEmailMail({ ...common, url: LINK, hours: 24 }),
      confirmChange: confirmEmailChangeMail({ ...common, url: LINK, hours: 24, newEmail: 'new@example.com' }),
      changeNotice: emailChangeNoticeMail({ ...common, newEmail: 'new@example.com' }),
      goodbye: goodbyeMail({ ...common, kept: true }),
    };
    for (const [kind, mail] of Object.entries(mails)) {
      expect(mail.subject, `${language} ${kind}`).toContain('Reelmint');
      // The site's home in the person's language closes every mail, in both parts.
      expect(mail.text, `${language} ${kind}`).toContain(`${SITE}/${language}\n`);
      expect(mail.html, `${language} ${kind}`).toContain(`href="${SITE}/${language}"`);
      expect(mail.html, `${language} ${kind}`).toContain(`<html lang="${language}">`);
      // Everything was filled in.
      for (const part of [mail.subject, mail.text, mail.html]) expect(part, `${language} ${kind}`).not.toMatch(/\{\w+\}/);
    }
    expect(mails.reset.text).toContain(LINK);
    expect(mails.reset.html).toContain(`href="${LINK}"`);
    expect(mails.reset.text).toContain('30');
    expect(mails.confirmChange.text).toContain('new@example.com');
    expect(mails.changeNotice.text).toContain(`${SITE}/${language}/forgot-password`);
  });
});
