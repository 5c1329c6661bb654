import { formatDate as siteDate, formatNumber as writeNumber, formatPrice as writePrice } from '@reelmint/shared';

/* Callers pass the active language from shared's useActiveLanguage(), the same one links use. Numbers and prices come
   from shared's tables (no Intl number data on the first drawing); dates from Intl. */

/** A price as the language writes it; whole amounts without cents ($30, 30 €, 30 $US). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return writePrice(amount, currency, locale, Number.isInteger(amount) ? 0 : 2);
}

export function formatNumber(value: number, locale: string): string {
  return writeNumber(value, locale);
}

/**
 * Credits taken away, as "−500": with the minus sign (U+2212) the API's checkout page also writes, which lines up with
 * the "+" of credits added where a hyphen would read as a dash.
 */
export function formatCreditsTaken(value: number, locale: string): string {
  return `\u2212${writeNumber(value, locale)}`;
}

export function formatDate(iso: string, locale: string): string {
  return siteDate(iso, locale, { dateStyle: 'long' });
}
