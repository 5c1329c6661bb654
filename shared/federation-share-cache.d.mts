import type { Plugin } from 'vite';

/** Builds the federation plugin's share-cache helpers into one chunk that every generated module imports. */
export declare function shareCacheHelpersOnce(): Plugin;
