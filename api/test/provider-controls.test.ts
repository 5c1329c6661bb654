// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedMapping } from '../src/videos/providers/checked-mapping.ts';
import { audioImageInput, audioTextInput, imageInput, textInput } from '../src/videos/providers/fal.ts';
import { CAMERA_PROMPT_TERMS, DEFAULT_MAPPING, mapSettings, providerControls } from '../src/videos/providers/mapping.ts';
import type { ProviderJob } from '../src/videos/providers/provider.ts';
import { imageParams, RunwayAdapter, textParams } from '../src/videos/providers/runway.ts';

// The request bodies each adapter builds for keyframes, camera motion and sound, typed by the official SDKs
// (@fal-ai/client 1.10 endpoint inputs, @runwayml/sdk 4.20 task params) and checked here field by field.
describe('generation controls at the hosted providers', () => {
  let dir: string;
  let first: { path: string; mimeType: string };
  let last: { path: string; mimeType: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'reelmint-controls-'));
    first = { path: join(dir, 'first.png'), mimeType: 'image/png' };
    last = { path: join(dir, 'last.png'), mimeType: 'image/png' };
    await writeFile(first.path, Buffer.from('first picture'));
    await writeFile(last.path, Buffer.from('last picture'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const job = (overrides: Partial<ProviderJob>): ProviderJob => ({
    jobId: 'vid_1',
    model: 'fal-ai/bytedance/seedance/v1/pro/image-to-video',
    prompt: 'A fox in the snow',
    resolution: '720p',
    duration: '5',
    extra: { aspect_ratio: '16:9', seed: 7 },
    image: null,
    startFrame: false,
    endImage: null,
    cameraMotion: null,
    audio: false,
    webhookUrl: null,
    ...overrides,
  });
  const uri = (text: string) => `data:image/png;base64,${Buffer.from(text).toString('base64')}`;

  it('fal: an end frame goes as end_image_url beside image_url', async () => {
    const input = await imageInput(job({ image: first, endImage: last }));
    expect(input).toMatchObject({ image_url: uri('first picture'), end_image_url: uri('last picture'), prompt: 'A fox in the snow', seed: 7 });
    expect(input).not.toHaveProperty('generate_audio');
  });

  it('fal: a static camera is Seedance’s camera_fixed; other motions are words in the prompt', async () => {
    expect(textInput(job({ cameraMotion: 'static' }))).toMatchObject({ camera_fixed: true, prompt: 'A fox in the snow' });
    const orbit = textInput(job({ cameraMotion: 'orbit' }));
    expect(orbit.prompt).toBe(`A fox in the snow ${CAMERA_PROMPT_TERMS.orbit}`);
    expect(orbit).not.toHaveProperty('camera_fixed');
    expect(textInput(job({}))).not.toHaveProperty('camera_fixed');
  });

  it('fal: sound goes to Seedance 1.5 Pro with generate_audio, keeping the end frame', async () => {
    const mapped = mapSettings(DEFAULT_MAPPING.fal, { model: 'v2.0', resolution: '720p', duration: '5s', audio: true }, 'image');
    expect(mapped.route.model).toBe('fal-ai/bytedance/seedance/v1.5/pro/image-to-video');
    expect(mapSettings(DEFAULT_MAPPING.fal, { model: 'v2.0', resolution: '720p', duration: '5s' }, 'image').route.model).toBe(
      'fal-ai/bytedance/seedance/v1/pro/image-to-video',
    );
    const input = await audioImageInput(job({ image: first, endImage: last, audio: true, cameraMotion: 'push_in' }));
    expect(input).toMatchObject({
      image_url: uri('first picture'),
      end_image_url: uri('last picture'),
      generate_audio: true,
      duration: '5',
      resolution: '720p',
      seed: 7,
      prompt: `A fox in the snow ${CAMERA_PROMPT_TERMS.push_in}`,
    });
    expect(audioTextInput(job({ audio: true, extra: {} }))).toEqual({ prompt: 'A fox in the snow', generate_audio: true, duration: '5', resolution: '720p' });
  });

  it('runway: a start frame is the SDK’s keyframe form at position "first"; camera motion is prompt words', () => {
    const params = imageParams(job({ model: 'gen4.5', extra: { ratio: '1280:720' }, cameraMotion: 'pan_left' }), 'data:image/png;base64,AA', true);
    expect(params).toMatchObject({
      model: 'gen4.5',
      promptImage: [{ uri: 'data:image/png;base64,AA', position: 'first' }],
      promptText: `A fox in the snow ${CAMERA_PROMPT_TERMS.pan_left}`,
      ratio: '1280:720',
      duration: 5,
    });
    // An image video's own picture stays the plain form.
    expect(imageParams(job({ model: 'gen4_turbo', extra: { ratio: '1280:720' }, prompt: '' }), 'data:x', false)).toEqual({
      model: 'gen4_turbo',
      promptImage: 'data:x',
      ratio: '1280:720',
      duration: 5,
    });
    expect(textParams(job({ model: 'gen4.5', extra: { ratio: '720:1280' }, cameraMotion: 'handheld' })).promptText).toBe(
      `A fox in the snow ${CAMERA_PROMPT_TERMS.handheld}`,
    );
  });

  it('runway refuses an end frame or sound its models cannot make rather than dropping them', async () => {
    const runway = new RunwayAdapter({ apiKey: 'key', baseURL: 'http://127.0.0.1:9' });
    await expect(runway.submit(job({ model: 'gen4.5', image: first, endImage: last, extra: { ratio: '1280:720' } }))).rejects.toMatchObject({
      kind: 'rejected',
    });
    await expect(runway.submit(job({ model: 'gen4.5', audio: true, extra: { ratio: '1280:720' } }))).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('each provider reports what its models take, and a deployment’s audio routes are checked at start', () => {
    expect(providerControls(DEFAULT_MAPPING.fal, 'v2.0')).toEqual({ startFrame: true, endFrame: true, camera: 'control', audio: true });
    expect(providerControls(DEFAULT_MAPPING.fal, 'v1.0')).toEqual({ startFrame: true, endFrame: false, camera: 'prompt', audio: false });
    expect(providerControls(DEFAULT_MAPPING.runway, 'v2.0')).toEqual({ startFrame: true, endFrame: false, camera: 'prompt', audio: false });
    expect(() => checkedMapping('fal', { fal: { audioRoutes: { 'v2.0': { image: { model: 'fal-ai/some/other-model' } } } } })).toThrow(/with audio/);
    expect(() => checkedMapping('fal')).not.toThrow();
    expect(() => checkedMapping('runway')).not.toThrow();
  });
});
