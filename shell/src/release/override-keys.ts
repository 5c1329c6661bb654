/**
 * Where a per-browser override is asked for (`?override=...`) and kept (local storage): all a page needs to know that
 * it has none, without the code that checks one (overrides.ts).
 */
export const OVERRIDE_PARAM = 'override';
export const OVERRIDES_KEY = 'reelmint_remote_overrides';
