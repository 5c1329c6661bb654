import type { Language } from '@reelmint/contract/languages';
import en from './locales/en.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import pt from './locales/pt.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import la from './locales/la.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };
import ko from './locales/ko.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };

/** A mail whose button follows a link that stops working after a while. */
interface LinkMailTexts {
  subject: string;
  intro: string;
  action: string;
  expiry: string;
  ignore: string;
}

/**
 * The words of every mail in one language, as its file in locales/ holds them. `{name}`, `{minutes}`, `{hours}` and
 * `{email}` are filled in by render.ts; greeting, signature, footer and link hint frame every mail.
 */
export interface MailTexts {
  greeting: string;
  signature: string;
  /** Why the person got this mail, at the bottom. */
  footer: string;
  /** When the button cannot be clicked. */
  linkHint: string;
  passwordReset: LinkMailTexts;
  /** To a new account's address. */
  verify: LinkMailTexts;
  /** To the address someone wants their account to use instead. */
  confirmChange: LinkMailTexts;
  /** To the account's current address when a change to `{email}` is asked for. */
  changeNotice: { subject: string; intro: string; action: string; advice: string };
  /** Once an account is deleted; `kept` is said only when payment records had to be kept. */
  goodbye: { subject: string; intro: string; kept: string; action: string; welcome: string };
  /**
   * When a video is ready or failed (`{title}` names it): the mail to those who turned it on, with how to turn it
   * off, and the titles of the push notifications.
   */
  videoEnded: {
    readySubject: string;
    readyIntro: string;
    failedSubject: string;
    failedIntro: string;
    action: string;
    optOut: string;
    pushReady: string;
    pushFailed: string;
  };
}

/**
 * Every language's mail texts, one JSON file per language, read once when the API starts. A file that lacks a line
 * fails the type check here; test/locale-texts.test.ts also fails on an extra key, an empty value, a text left in
 * English or a placeholder lost.
 */
export const MAIL_TEXTS: Record<Language, MailTexts> = { en, fr, de, it, es, ja, pt, ru, la, 'zh-CN': zhCN, 'zh-TW': zhTW, ko, hi };
