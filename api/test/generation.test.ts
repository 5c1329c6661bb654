import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCost, SEED_MAX } from '@reelmint/contract/pricing';
import type { AspectRatio } from '@reelmint/contract/pricing';
import type { GenerateRequest } from '@reelmint/contract/video-api';
import { ledgerSum } from '../src/credits/ledger.ts';
import { TEMPLATES } from '../src/templates/catalogue.ts';
import type { RenderRequest } from '../src/videos/engine.ts';
import { generateVideo, planGeneration, queueGeneration } from '../src/videos/generation.ts';
import { createTestApp, makePicture, ScriptedEngine, signUp, uploadPicture } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const TEXT: GenerateRequest = { type: 'text-to-video', prompt: '  Lanterns drifting over a dark river ', model: 'v1.0', resolution: '512p', duration: '5s' };

/** An engine that makes no portrait videos of text, so the shape check has something to refuse. */
class LandscapeEngine extends ScriptedEngine {
  offersAspectRatio(_model: string, mode: RenderRequest['mode'], aspectRatio: AspectRatio): boolean {
    return mode !== 'text' || aspectRatio !== '9:16';
  }
}

/** The AppError a promise rejects with, as the code and status a client sees. */
async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (reason: unknown) => reason,
  )) as { statusCode?: number; code?: string } | null;
  return error && { status: error.statusCode, code: error.code };
}

describe('generation: a request checked, paid for and queued', () => {
  let t: TestApp;
  const services = () => t.app.services;
  const videoCount = async (userId: string) => (await services().db.selectFrom('videos').select('id').where('user_id', '=', userId).execute()).length;

  beforeAll(async () => {
    // No worker: a queued video stays queued, so the caps on jobs in progress are the test's to fill.
    t = await createTestApp({ engine: new LandscapeEngine('hang'), worker: false, maxActiveJobsPerUser: 2 });
  });
  afterAll(async () => t.close());

  it('prices a request, trims its text and picks the seed it will be shown with', async () => {
    const { user } = await signUp(t.app);
    const plan = await planGeneration(services(), user.id, { ...TEXT, negativePrompt: '  blur  ' });
    expect(plan).toMatchObject({
      type: 'text-to-video',
      prompt: 'Lanterns drifting over a dark river',
      negativePrompt: 'blur',
      aspectRatio: '16:9',
      imageId: null,
      templateId: null,
      relaxed: false,
      cost: creditCost({ model: 'v1.0', resolution: '512p', duration: '5s' }),
    });
    expect(Number.isInteger(plan.seed) && plan.seed >= 0 && plan.seed <= SEED_MAX).toBe(true);
    expect((await planGeneration(services(), user.id, { ...TEXT, seed: 42, negativePrompt: '   ' })).seed).toBe(42);
    expect((await planGeneration(services(), user.id, { ...TEXT, negativePrompt: '   ' })).negativePrompt).toBeNull();
  });

  it('starts a template video from the template’s own prompt when none is given', async () => {
    const { user } = await signUp(t.app);
    const [template] = TEMPLATES;
    const plan = await planGeneration(services(), user.id, { type: 'template', templateId: template!.id, model: 'v1.0', resolution: '512p', duration: '5s' });
    expect(plan).toMatchObject({ prompt: template!.prompt, templateId: template!.id, imageId: null });
  });

  it('refuses what it cannot make before anything is written: a missing source, a plan too small, a shape the engine lacks', async () => {
    const { user } = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await uploadPicture(t.app, other.token, 'still.png', 'image/png', await makePicture(t.dataDir, 'generation-still.png'));
    expect(theirs.statusCode).toBe(201);
    const before = await ledgerSum(services(), user.id);

    expect(await refusal(planGeneration(services(), user.id, { ...TEXT, prompt: '   ' }))).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(await refusal(planGeneration(services(), user.id, { ...TEXT, type: 'image-to-video', imageId: theirs.json().data.id }))).toEqual({
      status: 404,
      code: 'UPLOAD_NOT_FOUND',
    });
    expect(await refusal(planGeneration(services(), user.id, { ...TEXT, type: 'template', templateId: 'no-such-template' }))).toEqual({
      status: 404,
      code: 'TEMPLATE_NOT_FOUND',
    });
    expect(await refusal(planGeneration(services(), user.id, { ...TEXT, resolution: '1080p' }))).toEqual({ status: 403, code: 'PLAN_UPGRADE_REQUIRED' });
    expect(await refusal(planGeneration(services(), user.id, { ...TEXT, aspectRatio: '9:16' }))).toEqual({ status: 422, code: 'ASPECT_RATIO_UNAVAILABLE' });
    expect(await refusal(planGeneration(services(), user.id, { ...TEXT, queue: 'relaxed' }))).toEqual({ status: 403, code: 'RELAXED_QUEUE_UNAVAILABLE' });

    expect(await ledgerSum(services(), user.id)).toBe(before);
    expect(await videoCount(user.id)).toBe(0);
  });

  it('charges and queues in one step, and undoes the charge when a cap refuses the job', async () => {
    const { user } = await signUp(t.app);
    const before = await ledgerSum(services(), user.id);
    const plan = await planGeneration(services(), user.id, TEXT);

    const [video] = await queueGeneration(services(), user.id, plan, null);
    expect(video).toMatchObject({ status: 'queued', user_id: user.id, cost: plan.cost, seed: plan.seed, idempotency_key: null, request_hash: null });
    expect(await ledgerSum(services(), user.id)).toBe(before - plan.cost);
    await queueGeneration(services(), user.id, plan, null);

    // Two in progress is this app's cap: the third is refused and its spend rolled back with it.
    expect(await refusal(queueGeneration(services(), user.id, plan, null))).toEqual({ status: 429, code: 'TOO_MANY_JOBS' });
    expect(await ledgerSum(services(), user.id)).toBe(before - 2 * plan.cost);
    expect(await videoCount(user.id)).toBe(2);
  });

  it('refuses a video the balance cannot pay for, and writes nothing', async () => {
    const { user } = await signUp(t.app);
    const balance = await ledgerSum(services(), user.id);
    const plan = { ...(await planGeneration(services(), user.id, TEXT)), cost: balance + 1, total: balance + 1 };
    expect(await refusal(queueGeneration(services(), user.id, plan, null))).toEqual({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    expect(await ledgerSum(services(), user.id)).toBe(balance);
    expect(await videoCount(user.id)).toBe(0);
  });

  it('answers a repeated key with the job it queued, once paid; the key is the person’s own and bound to its body', async () => {
    const { user } = await signUp(t.app);
    const other = await signUp(t.app);
    const before = await ledgerSum(services(), user.id);

    const first = await generateVideo(services(), user.id, TEXT, 'key-1');
    expect(first).toMatchObject({ replayed: false, reply: { status: 'queued', queue: 'priority', newBalance: before - first.reply.cost, replayed: false } });
    const again = await generateVideo(services(), user.id, TEXT, 'key-1');
    expect(again).toEqual({ replayed: true, reply: { ...first.reply, replayed: true } });
    expect(await ledgerSum(services(), user.id)).toBe(before - first.reply.cost);

    expect(await refusal(generateVideo(services(), user.id, { ...TEXT, prompt: 'Something else' }, 'key-1'))).toEqual({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const theirs = await generateVideo(services(), other.user.id, TEXT, 'key-1');
    expect(theirs.replayed).toBe(false);
    expect(theirs.reply.id).not.toBe(first.reply.id);

    // Without a key every request is a new job.
    const unkeyed = await generateVideo(services(), user.id, TEXT, null);
    expect(unkeyed.replayed).toBe(false);
    expect(unkeyed.reply.id).not.toBe(first.reply.id);
  });
});
