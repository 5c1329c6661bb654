export declare const REMOTE_NAMES: readonly ['marketing', 'generator', 'billing'];
export type RemoteName = (typeof REMOTE_NAMES)[number];
