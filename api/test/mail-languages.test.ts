import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reelmint/contract/languages';
import { confirmEmailChangeMail, emailChangeNoticeMail, goodbyeMail, passwordResetMail, verifyEmailMail } from '../src/mail/render.ts';

const SITE = 'https://site.test';
const LINK = 'https://site.test/xx/link?token=abc';

describe('mails in all 13 languages', () => {
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
