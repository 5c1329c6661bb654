/**
 * Dates in the site's languages. Intl has no Latin: asked for `la` it answers in American English ("December 3,
 * 2026" on a Latin page). Latin dates take the British order and clock (day, month, year; 24 hours) with the Roman
 * names of months and days: "3 Decembris 2026", "3 Dec. 2026, 14:05".
 */

/** Months in the genitive, as a date names them ("ante diem ... Decembris"; "3 Decembris 2026"). */
const LATIN_MONTHS = ['Ianuarii', 'Februarii', 'Martii', 'Aprilis', 'Maii', 'Iunii', 'Iulii', 'Augusti', 'Septembris', 'Octobris', 'Novembris', 'Decembris'];
const LATIN_MONTHS_SHORT = ['Ian.', 'Feb.', 'Mart.', 'Apr.', 'Mai.', 'Iun.', 'Iul.', 'Aug.', 'Sept.', 'Oct.', 'Nov.', 'Dec.'];
/** Days of the week from Sunday, as Intl counts them. */
const LATIN_DAYS = ['dies Solis', 'dies Lunae', 'dies Martis', 'dies Mercurii', 'dies Iovis', 'dies Veneris', 'dies Saturni'];
const LATIN_DAYS_SHORT = ['Sol.', 'Lun.', 'Mart.', 'Merc.', 'Iov.', 'Ven.', 'Sat.'];

const ENGLISH_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A date formatter for a language of the site, with the `format` of Intl's. */
export interface DateFormat {
  format(value: Date | number): string;
}

export function dateFormat(lng: string, options: Intl.DateTimeFormatOptions): DateFormat {
  if (lng !== 'la') return new Intl.DateTimeFormat(lng, options);
  const british = new Intl.DateTimeFormat('en-GB', options);
  const month = new Intl.DateTimeFormat('en-GB', { month: 'numeric', timeZone: options.timeZone });
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: options.timeZone });
  return {
    format(value) {
      return british
        .formatToParts(value)
        .map((part) => {
          if (part.type === 'month' && /\p{L}/u.test(part.value)) {
            const index = Number(month.format(value)) - 1;
            return ENGLISH_MONTHS.includes(part.value) ? LATIN_MONTHS[index] : LATIN_MONTHS_SHORT[index];
          }
          if (part.type === 'weekday') {
            const index = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].indexOf(weekday.format(value));
            return part.value.length > 3 ? LATIN_DAYS[index] : LATIN_DAYS_SHORT[index];
          }
          return part.value;
        })
        .join('');
    },
  };
}

/** One date in a language of the site. */
export function formatDate(value: Date | number | string, lng: string, options: Intl.DateTimeFormatOptions): string {
  return dateFormat(lng, options).format(value instanceof Date || typeof value === 'number' ? value : new Date(value));
}
