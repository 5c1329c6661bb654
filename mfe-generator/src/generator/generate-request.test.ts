// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateRequestOf } from './generate-request.ts';
import type { GenerateForm } from './generate-request.ts';

const form = (extra: Partial<GenerateForm> = {}): GenerateForm => ({
  mode: 'text',
  prompt: 'A kite over the dunes',
  config: { model: 'v1.0', resolution: '512p', duration: '5s', aspectRatio: '16:9' },
  negativePrompt: '',
  seed: undefined,
  template: null,
  imageId: undefined,
  relaxed: false,
  ...extra,
});

describe('the body of a generate request', () => {
  it('is a text video of the prompt and settings, with nothing optional that says nothing', () => {
    expect(generateRequestOf(form({ negativePrompt: '   ' }))).toEqual({
      type: 'text-to-video',
      prompt: 'A kite over the dunes',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '16:9',
    });
  });

  it('carries what to keep out (trimmed), the seed, and the relaxed queue when chosen', () => {
    expect(generateRequestOf(form({ negativePrompt: '  birds ', seed: 0, relaxed: true }))).toMatchObject({
      type: 'text-to-video',
      negativePrompt: 'birds',
      seed: 0,
      queue: 'relaxed',
    });
  });

  it('is a template video while a template is chosen', () => {
    expect(generateRequestOf(form({ template: { id: 'tpl-misty-forest', title: 'Misty forest' } }))).toMatchObject({
      type: 'template',
      templateId: 'tpl-misty-forest',
      prompt: 'A kite over the dunes',
    });
  });

  it('is an image video of the uploaded picture in image mode, a template notwithstanding, with a prompt only when one was written', () => {
    const picture = { mode: 'image', imageId: 'img_1', template: { id: 'tpl-misty-forest', title: 'Misty forest' } } as const;
    expect(generateRequestOf(form({ ...picture, prompt: '' }))).toEqual({
      type: 'image-to-video',
      imageId: 'img_1',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '16:9',
    });
    expect(generateRequestOf(form({ ...picture, prompt: 'Zoom in' }))).toMatchObject({ type: 'image-to-video', imageId: 'img_1', prompt: 'Zoom in' });
  });
});
