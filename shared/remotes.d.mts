export { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';
export type { AppName, RemoteName } from '@reelmint/contract/remotes';
