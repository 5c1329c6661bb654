import { PORTS } from '@reelmint/contract/remotes';
import type { AppName } from '@reelmint/contract/remotes';

// The site's fixed local origins as `npm start` serves them (the test command's servers), from the one
// definition of the ports. Specs that start extra origins of their own pick other ports and say so.
export const originOf = (app: AppName | 'api') => `http://localhost:${PORTS[app]}`;
export const SHELL = originOf('shell');
export const API = originOf('api');

/** The shells the chaos matrix starts (tests/chaos.spec.ts), one per remote: the API lets their pages call it too. */
export const CHAOS_SHELL_PORTS = { marketing: 5200, generator: 5201, billing: 5202 } as const;
