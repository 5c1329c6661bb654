import { setSession } from '@reelmint/shared';

/** A signed-in session with a token the API client accepts (a JWT whose expiry is an hour away). */
export function signIn(plan = 'free'): void {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  setSession(`h.${payload}.s`, { id: 'u1', username: 'Ada', plan });
}
