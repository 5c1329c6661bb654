/**
 * @reelmint/testing: the one test kit of the apps' unit tests. The fake API (msw, typed from the
 * shared replies), a render with the shell's providers, and a signed-in person. Tests only: lint refuses
 * it anywhere else, so no build ever contains it.
 */
export * from './fake-api.ts';
export * from './render.tsx';
export * from './session.ts';
export * from './exposed-modules.ts';
