import { withLanguage } from '@reelmint/contract/languages';
import type { Language } from '@reelmint/contract/languages';
import { MAIL_TEXTS } from './texts.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** A page of the site in the given language: /reset-password becomes https://site/fr/reset-password. */
export function siteLink(siteOrigin: string, language: Language, path: string): string {
  return `${siteOrigin}${withLanguage(path, language)}`;
}

interface ActionMail {
  language: Language;
  name: string;
  siteOrigin: string;
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
  after: string[];
}

/** One shape for every mail with a button: a plain-text part and a simple HTML part that say the same. */
function actionMail(mail: ActionMail): RenderedMail {
  const strings = MAIL_TEXTS[mail.language];
  const greeting = fill(strings.greeting, { name: mail.name });
  const home = siteLink(mail.siteOrigin, mail.language, '/');
  const text = [
    greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    `${mail.action.label}: ${mail.action.url}`,
    '',
    ...mail.after.flatMap((p) => [p, '']),
    strings.signature,
    home,
    '',
    strings.footer,
  ].join('\n');
  const p = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = `<!doctype html>
<html lang="${mail.language}"><head><meta charset="utf-8"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1a1d23;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${p(escapeHtml(greeting))}
${mail.paragraphs.map((x) => p(escapeHtml(x))).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(mail.action.url)}" style="display:inline-block;background:#5b3df5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(mail.action.label)}</a></p>
${p(`${escapeHtml(strings.linkHint)}<br><a href="${escapeHtml(mail.action.url)}" style="color:#5b3df5;word-break:break-all">${escapeHtml(mail.action.url)}</a>`)}
${mail.after.map((x) => p(escapeHtml(x))).join('\n')}
${p(`${escapeHtml(strings.signature)}<br><a href="${escapeHtml(home)}" style="color:#5b3df5">${escapeHtml(home)}</a>`)}
<p style="margin:24px 0 0;font-size:12px;color:#5c6270">${escapeHtml(strings.footer)}</p>
</div>
</body></html>`;
  return { subject: mail.subject, text, html };
}

export function passwordResetMail(options: { language: Language; name: string; siteOrigin: string; url: string; minutes: number }): RenderedMail {
  const strings = MAIL_TEXTS[options.language].passwordReset;
  return actionMail({
    language: options.language,
    name: options.name,
    siteOrigin: options.siteOrigin,
    subject: strings.subject,
    paragraphs: [strings.intro],
    action: { label: strings.action, url: options.url },
    after: [fill(strings.expiry, { minutes: options.minutes }), strings.ignore],
  });
}

interface LinkMailOptions {
  language: Language;
  name: string;
  siteOrigin: string;
  url: string;
  hours: number;
}

/** To a new account's address: the link that marks it verified. */
export function verifyEmailMail(options: LinkMailOptions): RenderedMail {
  const strings = MAIL_TEXTS[options.language].verify;
  return actionMail({
    ...options,
    subject: strings.subject,
    paragraphs: [strings.intro],
    action: { label: strings.action, url: options.url },
    after: [fill(strings.expiry, { hours: options.hours }), strings.ignore],
  });
}

/** To the address an account is to move to: the change happens only through this link. */
export function confirmEmailChangeMail(options: LinkMailOptions & { newEmail: string }): RenderedMail {
  const strings = MAIL_TEXTS[options.language].confirmChange;
  return actionMail({
    ...options,
    subject: strings.subject,
    paragraphs: [fill(strings.intro, { email: options.newEmail })],
    action: { label: strings.action, url: options.url },
    after: [fill(strings.expiry, { hours: options.hours }), strings.ignore],
  });
}

/** To the account's current address: a change to `newEmail` was asked for, and what to do if that was not them. */
export function emailChangeNoticeMail(options: { language: Language; name: string; siteOrigin: string; newEmail: string }): RenderedMail {
  const strings = MAIL_TEXTS[options.language].changeNotice;
  return actionMail({
    ...options,
    subject: strings.subject,
    paragraphs: [fill(strings.intro, { email: options.newEmail })],
    action: { label: strings.action, url: siteLink(options.siteOrigin, options.language, '/forgot-password') },
    after: [strings.advice],
  });
}

/** To the address of an account that has just been deleted; `kept` when payment records had to stay. */
export function goodbyeMail(options: { language: Language; name: string; siteOrigin: string; kept: boolean }): RenderedMail {
  const strings = MAIL_TEXTS[options.language].goodbye;
  return actionMail({
    ...options,
    subject: strings.subject,
    paragraphs: options.kept ? [strings.intro, strings.kept] : [strings.intro],
    action: { label: strings.action, url: siteLink(options.siteOrigin, options.language, '/') },
    after: [strings.welcome],
  });
}

/** To a person who turned on video mails: one of their videos is ready, or failed and was refunded. */
export function videoEndedMail(options: {
  language: Language;
  name: string;
  siteOrigin: string;
  outcome: 'ready' | 'failed';
  title: string;
  url: string;
}): RenderedMail {
  const strings = MAIL_TEXTS[options.language].videoEnded;
  const ready = options.outcome === 'ready';
  return actionMail({
    ...options,
    subject: ready ? strings.readySubject : strings.failedSubject,
    paragraphs: [fill(ready ? strings.readyIntro : strings.failedIntro, { title: options.title })],
    action: { label: strings.action, url: options.url },
    after: [`${strings.optOut} ${siteLink(options.siteOrigin, options.language, '/account')}`],
  });
}
