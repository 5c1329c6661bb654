// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { modeFromPath, pathForMode } from './mode.ts';

describe('generator mode in the URL', () => {
  it('reads the mode from either route, with or without a language', () => {
    expect(modeFromPath('/image-to-video/generator')).toBe('image');
    expect(modeFromPath('/ja/image-to-video/generator')).toBe('image');
    expect(modeFromPath('/text-to-video/generator')).toBe('text');
    expect(modeFromPath('/generator')).toBe('text');
  });

  it('round-trips', () => {
    expect(modeFromPath(pathForMode('image'))).toBe('image');
    expect(modeFromPath(pathForMode('text'))).toBe('text');
  });
});
