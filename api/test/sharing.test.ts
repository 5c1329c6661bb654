import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const TEXT = {
  type: 'text-to-video',
  prompt: 'A kite over the dunes',
  model: 'v1.0',
  resolution: '512p',
  duration: '5s',
  aspectRatio: '9:16',
  seed: 99,
  negativePrompt: 'birds',
};

describe('sharing a video by link', () => {
  let t: TestApp;
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp({
      engine: new ScriptedEngine('succeed'),
      siteOrigin: 'https://reelmint.example',
      shareLimits: { publish: { max: 5, timeWindow: 60_000 } },
    });
    owner = (await signUp(t.app, 'Owner')).token;
    stranger = (await signUp(t.app, 'Stranger')).token;
  });
  afterAll(async () => t.close());

  const finishedVideo = async (token = owner) => {
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT });
    expect(queued.status).toBe(202);
    const id = queued.body.data.id as string;
    await waitFor(async () => ((await call(t.app, 'GET', `/api/videos/status/${id}`, { token })).body.data.status === 'succeeded' ? true : undefined));
    return id;
  };

  const media = (id: string, kind: 'file' | 'poster', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/public/videos/${id}/${kind}`, headers });

  it('keeps a video private until its owner publishes it, then serves its page data and media to anyone', async () => {
    const id = await finishedVideo();
    const before = await call(t.app, 'GET', `/api/public/videos/${id}`);
    expect(before.status).toBe(404);
    expect((await media(id, 'file')).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/videos/status/${id}`, { token: owner })).body.data).toMatchObject({ shared: false, shareUrl: null, shareViews: 0 });

    const shared = await call(t.app, 'POST', `/api/videos/${id}/share`, { token: owner });
    expect(shared.status).toBe(200);
    expect(shared.body.data).toMatchObject({ id, shared: true, shareUrl: `https://reelmint.example/v/${id}`, shareViews: 0 });
    const sharedAt = shared.body.data.sharedAt;
    // Publishing again changes nothing: same link, same date.
    expect((await call(t.app, 'POST', `/api/videos/${id}/share`, { token: owner })).body.data.sharedAt).toBe(sharedAt);

    const page = await call(t.app, 'GET', `/api/public/videos/${id}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.data).toMatchObject({
      id,
      prompt: 'A kite over the dunes',
      negativePrompt: 'birds',
      model: 'v1.0',
      resolution: '512p',
      duration: '5s',
      aspectRatio: '9:16',
      seed: 99,
      width: 512,
      height: 912,
      views: 0,
      sharedAt,
    });
    // Nothing of the owner or of their other files.
    expect(JSON.stringify(page.body.data)).not.toMatch(/user|token|imageId|email/i);
    expect(page.body.data.videoUrl).toMatch(new RegExp(`/api/public/videos/${id}/file$`));

    const file = await media(id, 'file');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.headers['cache-control']).toBe('public, no-cache');
    const ranged = await media(id, 'file', { range: 'bytes=0-9' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(10);
    expect((await media(id, 'poster')).headers['content-type']).toBe('image/jpeg');

    // The owner's history says it is shared, with its link.
    const history = await call(t.app, 'GET', '/api/videos/history', { token: owner });
    expect(history.body.data.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      shared: true,
      shareUrl: `https://reelmint.example/v/${id}`,
    });
  });

  it('counts views of the public page, and the owner sees the count', async () => {
    const id = await finishedVideo();
    await call(t.app, 'POST', `/api/videos/${id}/share`, { token: owner });
    for (let i = 1; i <= 3; i += 1) expect((await call(t.app, 'POST', `/api/public/videos/${id}/views`)).body.data.views).toBe(i);
    expect((await call(t.app, 'GET', `/api/public/videos/${id}`)).body.data.views).toBe(3);
    expect((await call(t.app, 'GET', `/api/videos/status/${id}`, { token: owner })).body.data.shareViews).toBe(3);
  });

  it('stops at once: after unsharing, the page data, the media and view counting answer 404', async () => {
    const id = await finishedVideo();
    await call(t.app, 'POST', `/api/videos/${id}/share`, { token: owner });
    expect((await media(id, 'file')).statusCode).toBe(200);

    const stopped = await call(t.app, 'DELETE', `/api/videos/${id}/share`, { token: owner });
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({ id, shared: false, shareUrl: null });
    expect((await call(t.app, 'GET', `/api/public/videos/${id}`)).status).toBe(404);
    expect((await media(id, 'file')).statusCode).toBe(404);
    expect((await media(id, 'poster')).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/public/videos/${id}/views`)).status).toBe(404);
    // The owner still has it, privately.
    expect((await call(t.app, 'GET', `/api/videos/status/${id}`, { token: owner })).body.data).toMatchObject({ status: 'succeeded', shared: false });
  });

  it('ends the share when the video is deleted, with the same 404 as an id that never existed', async () => {
    const id = await finishedVideo();
    await call(t.app, 'POST', `/api/videos/${id}/share`, { token: owner });
    expect((await call(t.app, 'DELETE', `/api/videos/${id}`, { token: owner })).status).toBe(200);
    const deleted = await call(t.app, 'GET', `/api/public/videos/${id}`);
    const unknown = await call(t.app, 'GET', '/api/public/videos/vid_never-was');
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual(unknown.body);
    expect(deleted.body).toMatchObject({ success: false, error: 'NOT_FOUND', data: null });
    expect((await media(id, 'file')).statusCode).toBe(404);
  });

  it('lets only the owner publish or unpublish, and only a finished video', async () => {
    // Its own account: publishing is limited per account (see the last test).
    const owner = (await signUp(t.app, 'Second owner')).token;
    const id = await finishedVideo(owner);
    const foreign = await call(t.app, 'POST', `/api/videos/${id}/share`, { token: stranger });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('VIDEO_NOT_FOUND');
    expect((await call(t.app, 'POST', `/api/videos/${id}/share`)).status).toBe(401);
    await call(t.app, 'POST', `/api/videos/${id}/share`, { token: owner });
    expect((await call(t.app, 'DELETE', `/api/videos/${id}/share`, { token: stranger })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/public/videos/${id}`)).status).toBe(200);

    const hanging = await createTestApp({ engine: new ScriptedEngine('hang') });
    try {
      const { token } = await signUp(hanging.app);
      const queued = await call(hanging.app, 'POST', '/api/videos/generate', { token, body: TEXT });
      const refused = await call(hanging.app, 'POST', `/api/videos/${queued.body.data.id}/share`, { token });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('VIDEO_NOT_READY');
      expect((await call(hanging.app, 'GET', `/api/public/videos/${queued.body.data.id}`)).status).toBe(404);
    } finally {
      await hanging.close();
    }
  });

  it('rate-limits publishing per account', async () => {
    const { token } = await signUp(t.app, 'Busy');
    const id = await finishedVideo(token);
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) answers.push((await call(t.app, 'POST', `/api/videos/${id}/share`, { token })).status);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([429, 429]);
    const limited = await call(t.app, 'POST', `/api/videos/${id}/share`, { token });
    expect(limited.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  });
});
