import type { AppName } from '@reelmint/contract/remotes';

export { chunkFileNames, federationRuntimeVersionOnly, shareCacheHelpersOnce, sonnerStylesFromStylesheet } from './generated-code.mjs';
export declare const SHARED_CONTRACT_VERSION: string;
export interface SharedItem {
  singleton: true;
  requiredVersion: string;
  /** A local module offered under the key instead of the package (absolute path), or false: taken from the shell only. */
  import?: string | false;
  version?: string;
}
export declare function sharedSingletons(): Record<string, SharedItem>;
export declare function federationOptions(
  name: AppName,
  exposes?: Record<string, string>,
  options?: { command?: 'serve' | 'build'; ssr?: boolean; provide?: Record<string, string> },
): {
  name: AppName;
  filename: string;
  manifest: true;
  dts: false;
  shareStrategy: 'loaded-first';
  exposes: Record<string, string>;
  remotes: Record<string, never>;
  shared: Record<string, SharedItem>;
  experiments: { provideExternalRuntime?: boolean; externalRuntime?: boolean };
  disableSnapshot: boolean;
};
/** Build output options of a remote (its own modules in one chunk); give it the app's folder. */
export declare function remoteBuildOptions(
  appRoot: string,
  options?: { apart?: Record<string, string[]>; libraries?: Record<string, string[]>; partStrings?: string[] },
): {
  output: { chunkFileNames: typeof chunkFileNames; codeSplitting: { groups: Array<{ name: string; test: RegExp; includeDependenciesRecursively?: boolean }> } };
};
export declare function devServer(name: AppName): { port: number; strictPort: true; origin: string; cors: true };
export declare const ssrBuild: Readonly<{
  outDir: string;
  emptyOutDir: false;
  copyPublicDir: false;
  rollupOptions: { output: { chunkFileNames: string; comments: false } };
}>;
