import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './auth-page.tsx';

describe('safeReturnPath', () => {
  it('returns only to paths on this site', () => {
    expect(safeReturnPath('/text-to-video/generator')).toBe('/text-to-video/generator');
    expect(safeReturnPath('//evil.test/x')).toBe('/');
    expect(safeReturnPath('https://evil.test')).toBe('/');
    expect(safeReturnPath('/\\evil.test')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});
