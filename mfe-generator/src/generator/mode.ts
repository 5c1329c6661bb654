export type GeneratorMode = 'text' | 'image';

/** The mode is part of the URL: /text-to-video/generator or /image-to-video/generator (/generator: text). */
export function modeFromPath(pathname: string): GeneratorMode {
  return /\/image-to-video\/generator\/?$/.test(pathname) ? 'image' : 'text';
}

export function pathForMode(mode: GeneratorMode): string {
  return mode === 'image' ? '/image-to-video/generator' : '/text-to-video/generator';
}
