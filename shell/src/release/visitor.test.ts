import { describe, expect, it } from 'vitest';
import { VISITOR_KEY, visitorFromCookie, visitorId } from './visitor.ts';

describe('the visitor id', () => {
  it('adopts the id the server assigned in its cookie on a first visit, and keeps it', () => {
    const jar = { cookie: 'other=1; reelmint_visitor=from-server' };
    expect(visitorId(localStorage, jar)).toBe('from-server');
    expect(localStorage.getItem(VISITOR_KEY)).toBe('from-server');
  });

  it('mirrors the stored id into the cookie, so the server makes the same canary choice', () => {
    localStorage.setItem(VISITOR_KEY, 'stored-id');
    const jar = { cookie: '' };
    expect(visitorId(localStorage, jar)).toBe('stored-id');
    expect(visitorFromCookie(jar.cookie)).toBe('stored-id');
  });

  it('ignores a cookie value that is not an id', () => {
    expect(visitorFromCookie('reelmint_visitor=<script>')).toBeNull();
    expect(visitorId(localStorage, { cookie: 'reelmint_visitor=a b' })).not.toBe('a b');
  });
});
