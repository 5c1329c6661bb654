import { describe, expect, it } from 'vitest';
import { dateFormat, formatDate } from './dates.ts';

const DAY = new Date('2026-12-03T14:05:00Z');

describe('dates in the site’s languages', () => {
  it('writes Latin dates with Roman months and days, where Intl fell back to American English', () => {
    expect(formatDate(DAY, 'la', { dateStyle: 'long', timeZone: 'UTC' })).toBe('3 Decembris 2026');
    expect(formatDate('2026-05-01T00:00:00Z', 'la', { dateStyle: 'long', timeZone: 'UTC' })).toBe('1 Maii 2026');
    expect(formatDate(DAY, 'la', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })).toBe('3 Dec. 2026, 14:05');
    expect(formatDate('2026-09-09T00:00:00Z', 'la', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('9 Sept. 2026');
    expect(dateFormat('la', { weekday: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(DAY)).toBe('Iov. 14:05');
    expect(formatDate(DAY, 'la', { weekday: 'long', timeZone: 'UTC' })).toBe('dies Iovis');
  });

  it('leaves every other language to Intl', () => {
    expect(formatDate(DAY, 'de', { dateStyle: 'long', timeZone: 'UTC' })).toBe(
      new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(DAY),
    );
    expect(formatDate(DAY, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('December 3, 2026');
  });
});
