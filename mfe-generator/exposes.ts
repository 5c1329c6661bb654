import type { RemoteExposes } from '@reelmint/contract/screens';

/**
 * Where this remote keeps each module it exposes: every module the contract names for it (its EXPOSED table), and no
 * other. The federation build (vite.config.ts), knip and the bench's reference read this one map.
 */
export const exposes = {
  './GeneratorPage': './src/generator/generator-page.tsx',
  './SharedVideoPage': './src/shared-video/shared-video-page.tsx',
} satisfies RemoteExposes<'generator'>;
