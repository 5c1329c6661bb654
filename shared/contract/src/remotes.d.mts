export declare const REMOTE_NAMES: readonly ['marketing', 'generator', 'billing'];
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type AppName = 'shell' | RemoteName;
export declare const PORTS: Readonly<Record<AppName | 'api', number>>;
