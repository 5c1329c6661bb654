export declare const LOCAL_VERSION: 'local';
export declare const VERSION_PATTERN: RegExp;
export declare const REMOTE_VERSION_PATTERN: RegExp;
export declare function isRemoteVersion(value: string): boolean;
