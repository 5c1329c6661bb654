/**
 * Numbers as each language writes them, made without `Intl.NumberFormat` where the screens draw first.
 *
 * The first Intl number format a page makes is expensive: in Chromium on this machine it holds the main thread
 * for 40 to 60 ms (the browser loads its number data then), inside the longest task of the page's first drawing,
 * which a phone four times slower turns into most of the page's blocking time. The screens show few kinds of
 * numbers (counts, prices in dollars, a percentage), so each language's separators and patterns are written here
 * once; numbers.test.ts checks every one of them against Intl. Anything else (another currency, a language not
 * listed, a huge number) goes to Intl as before.
 */
const NBSP = '\u00a0';
const NARROW_NBSP = '\u202f';

/**
 * Per language: the group separator, the decimal separator, the grouping (3: groups of three; 5: groups of three only
 * from five digits on, 1234 but 12.345; i: 1,23,45,678), a price in US dollars and a percentage (`#` is the number).
 */
const EN = ',|.|3|$#|#%';
const US_DOLLARS = ',|.|3|US$#|#%';
const STYLES: Readonly<Record<string, string>> = {
  en: EN,
  ja: EN,
  la: EN,
  hi: ',|.|i|$#|#%',
  'zh-CN': US_DOLLARS,
  'zh-TW': US_DOLLARS,
  ko: US_DOLLARS,
  fr: `${NARROW_NBSP}|,|3|#${NBSP}$US|#${NBSP}%`,
  de: `.|,|3|#${NBSP}$|#${NBSP}%`,
  it: `.|,|5|#${NBSP}USD|#%`,
  es: `.|,|5|#${NBSP}US$|#${NBSP}%`,
  pt: `.|,|3|US$${NBSP}#|#%`,
  ru: `${NBSP}|,|3|#${NBSP}$|#${NBSP}%`,
};

export interface NumberOptions {
  /** Intl's defaults: 0 and 3. */
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  useGrouping?: boolean;
}

/**
 * The number in one of the language's patterns (0: plain, 3: dollars, 4: percent), or Intl's answer for what the
 * table does not cover: another language, a negative price or share, a number too large for `toFixed` to be exact.
 */
function write(value: number, lng: string, pattern: 0 | 3 | 4, options: NumberOptions & { style?: 'currency' | 'percent'; currency?: string }): string {
  const style = STYLES[lng]?.split('|');
  if (!style || !(Math.abs(value) < 1e15) || (pattern && value < 0)) return new Intl.NumberFormat(lng, options).format(pattern === 4 ? value / 100 : value);
  const { minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits), useGrouping = true } = options;
  const [group = ',', decimal, grouping] = style;
  const [whole = '', fraction = ''] = Math.abs(value).toFixed(maximumFractionDigits).split('.');
  const kept = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  const head = grouping === 'i' && whole.length > 3 ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, group)}${group}` : '';
  const tail = head ? whole.slice(-3) : whole;
  const groups = useGrouping && !(grouping === '5' && whole.length < 5) ? tail.replace(/\B(?=(\d{3})+$)/g, group) : tail;
  // Like Intl, a negative value keeps its sign even when it rounds to zero (-0).
  const number = `${value < 0 || Object.is(value, -0) ? '-' : ''}${useGrouping ? head : whole.slice(0, -tail.length)}${groups}${kept ? `${decimal}${kept}` : ''}`;
  return pattern ? style[pattern]!.replace('#', number) : number;
}

/** `new Intl.NumberFormat(lng, options).format(value)`. */
export function formatNumber(value: number, lng: string, options: NumberOptions = {}): string {
  return write(value, lng, 0, options);
}

/** A price: `new Intl.NumberFormat(lng, { style: 'currency', currency, ...fraction digits }).format(amount)`. */
export function formatPrice(amount: number, currency: string, lng: string, fractionDigits: 0 | 2): string {
  const options = { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 } as const;
  return currency === 'USD' ? write(amount, lng, 3, options) : new Intl.NumberFormat(lng, options).format(amount);
}

/** A share (0.2 for 20 %): `new Intl.NumberFormat(lng, { style: 'percent' }).format(fraction)`. */
export function formatPercent(fraction: number, lng: string): string {
  return write(Math.round(fraction * 100), lng, 4, { style: 'percent', maximumFractionDigits: 0 });
}
