import type { Plugin } from 'vite';

/** The versions of the packages whose output this module reads, as it was last checked against them. */
export declare const WRITTEN_FOR: Readonly<{ '@module-federation/vite': string; sonner: string }>;
/** The installed version of a package. */
export declare function installedVersion(name: string): string;
/** The package's installed version and the one this module was written for, as every failure names them. */
export declare function versionNote(name: keyof typeof WRITTEN_FOR): string;
/** Builds the federation plugin's share-cache helpers into one chunk that every generated module imports. */
export declare function shareCacheHelpersOnce(): Plugin;
/** The scope prefix of the federation plugin's chunk names. */
export declare const FEDERATION_SCOPE_PREFIX: RegExp;
/** File names of a browser build's chunks, with the federation plugin's long scope prefix cut to 'mf'. */
export declare function chunkFileNames(chunk: { name: string }): string;
export declare function chunkFileNamesWithPartStrings(parts: readonly string[]): (chunk: { name: string; facadeModuleId?: string | null }) => string;
/** Drops sonner's inline stylesheet injection (the shell imports sonner's stylesheet as a file). */
export declare function sonnerStylesFromStylesheet(): Plugin;
/** The federation runtime's package.json, as the federation plugin's runtime plugin imports it, cut to its version. */
export declare function federationRuntimeVersionOnly(): Plugin;
