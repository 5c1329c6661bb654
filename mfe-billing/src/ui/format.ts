import { formatNumber as writeNumber, formatPrice as writePrice } from '@reelmint/shared';

/* Callers pass the active language from shared's useActiveLanguage(), the same one links use. Numbers and prices come
   from shared's tables (no Intl number data on the first drawing); dates from Intl. */

/** A price as the language writes it; whole amounts without cents ($30, 30 €, 30 $US). */
export function formatPrice(amount: number, currency: string, locale: string): string {
  return writePrice(amount, currency, locale, Number.isInteger(amount) ? 0 : 2);
}

export function formatNumber(value: number, locale: string): string {
  return writeNumber(value, locale);
}

export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
}
