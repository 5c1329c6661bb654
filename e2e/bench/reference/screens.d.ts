// The module the reference's Vite plugin writes from the remotes' exposes (vite.config.mjs).
declare module 'virtual:reference-screens' {
  export const screens: Record<'marketing' | 'generator' | 'billing', Record<string, () => Promise<unknown>>>;
}
