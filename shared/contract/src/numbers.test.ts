// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';
import { formatNumber, formatPercent, formatPrice } from './numbers.ts';

const VALUES = [
  0, -0, 1, 7, 42, 999, 1000, 1234, 9999, 12345, 99999, 123456, 1234567, 12345678, 123456789012, 1.5, 0.125, 2.0005, 19.99, 1234.5678, -1, -1200, -0.0004,
  -98765.4321,
];

describe.each(LANGUAGES)('numbers in %s are written as Intl writes them', (lng) => {
  it('with the default options', () => {
    for (const value of VALUES) expect(formatNumber(value, lng)).toBe(new Intl.NumberFormat(lng).format(value));
  });

  it('without grouping and with fewer or more fraction digits', () => {
    for (const options of [
      { useGrouping: false },
      { maximumFractionDigits: 0 },
      { maximumFractionDigits: 1, useGrouping: false },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
    ]) {
      for (const value of VALUES) expect(formatNumber(value, lng, options), JSON.stringify(options)).toBe(new Intl.NumberFormat(lng, options).format(value));
    }
  });

  it('prices in dollars, whole and with cents', () => {
    for (const amount of [0, 5, 12, 19, 190, 1234, 12345, 9.5, 19.99, 1234.5]) {
      for (const digits of [0, 2] as const) {
        const intl = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: 2 });
        expect(formatPrice(amount, 'USD', lng, digits)).toBe(intl.format(amount));
      }
    }
  });

  it('percentages', () => {
    for (const fraction of [0, 0.05, 0.2, 0.167, 0.125, 0.5, 1, 12.34]) {
      expect(formatPercent(fraction, lng)).toBe(new Intl.NumberFormat(lng, { style: 'percent' }).format(fraction));
    }
  });
});

describe('what the table does not cover goes to Intl', () => {
  it('another currency, another language, a number too large to write exactly', () => {
    expect(formatPrice(12, 'EUR', 'de', 0)).toBe(
      new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(12),
    );
    expect(formatNumber(1234.5, 'ar')).toBe(new Intl.NumberFormat('ar').format(1234.5));
    expect(formatNumber(1e21, 'en')).toBe(new Intl.NumberFormat('en').format(1e21));
    expect(formatNumber(Number.NaN, 'en')).toBe('NaN');
  });
});
