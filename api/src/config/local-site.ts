import { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';

/** The shell's origin on a local run, where checkout sends people back unless SITE_ORIGIN says otherwise. */
export const LOCAL_SITE_ORIGIN = `http://localhost:${PORTS.shell}`;

/** The shell and every remote on a local run, by either local host name: the default CORS allow list. */
export const LOCAL_SITE_ORIGINS = [PORTS.shell, ...REMOTE_NAMES.map((name) => PORTS[name])].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
