import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnusedUploads } from '../src/uploads/quota.ts';
import { removeUploadFile } from '../src/uploads/pictures.ts';
import { call, createTestApp, makePicture, multipartBody, ScriptedEngine, signUp, uploadPicture } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('upload quotas', () => {
  let t: TestApp;
  let picture: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ engine: new ScriptedEngine('hang'), worker: false });
    picture = await makePicture(t.dataDir, 'quota.png', '640x360');
  });
  afterAll(async () => t.close());

  const upload = (token: string, content = picture) => {
    const body = multipartBody('file', 'p.png', 'image/png', content);
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
  };
  const filesOf = async (id: string) => (await t.app.services.db.selectFrom('uploads').select('file_name').where('id', '=', id).executeTakeFirst())?.file_name;

  it('stops an account at its storage quota, and deleting a picture makes room again', async () => {
    const small = await createTestApp({ worker: false, uploadLimits: { quotaBytes: picture.length * 2 + 10 } });
    try {
      const { token } = await signUp(small.app);
      const send = () => {
        const body = multipartBody('file', 'p.png', 'image/png', picture);
        return small.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, authorization: `Bearer ${token}` }, payload: body.payload });
      };
      const first = await send();
      expect(first.statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      const third = await send();
      expect(third.statusCode).toBe(413);
      expect(third.json()).toMatchObject({ success: false, error: 'UPLOAD_QUOTA_EXCEEDED', used: picture.length * 2 });
      const removed = await call(small.app, 'DELETE', `/api/upload/${first.json().data.id}`, { token });
      expect(removed.status).toBe(200);
      expect(removed.body.data).toEqual({ id: first.json().data.id, deleted: true });
      expect((await send()).statusCode).toBe(201);
    } finally {
      await small.close();
    }
  });

  it('counts concurrent uploads of one account against one quota', async () => {
    const small = await createTestApp({ worker: false, uploadLimits: { quotaBytes: picture.length * 3 + 10, perMinute: 100 } });
    try {
      const { token } = await signUp(small.app);
      const replies = await Promise.all(
        Array.from({ length: 8 }, () => {
          const body = multipartBody('file', 'p.png', 'image/png', picture);
          return small.app.inject({
            method: 'POST',
            url: '/api/upload',
            headers: { ...body.headers, authorization: `Bearer ${token}` },
            payload: body.payload,
          });
        }),
      );
      expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(replies.filter((r) => r.statusCode === 413)).toHaveLength(5);
    } finally {
      await small.close();
    }
  });

  it('limits how many uploads one account sends per minute', async () => {
    const limited = await createTestApp({ worker: false, uploadLimits: { perMinute: 3 } });
    try {
      const { token } = await signUp(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const reply = await uploadPicture(limited.app, token, 'p.png', 'image/png', picture);
        statuses.push(reply.statusCode);
        if (reply.statusCode === 429) expect(reply.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      // Another account has its own allowance.
      const other = await signUp(limited.app);
      const reply = await uploadPicture(limited.app, other.token, 'p.png', 'image/png', picture);
      expect(reply.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("deletes only its owner's upload, and not while a video is being made from it", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const id = (await upload(owner.token)).json().data.id as string;
    const file = join(t.dataDir, 'uploads', (await filesOf(id))!);
    expect((await call(t.app, 'DELETE', `/api/upload/${id}`, { token: stranger.token })).body.error).toBe('UPLOAD_NOT_FOUND');
    expect((await call(t.app, 'DELETE', `/api/upload/${id}`)).status).toBe(401);
    const job = await call(t.app, 'POST', '/api/videos/generate', {
      token: owner.token,
      body: { type: 'image-to-video', imageId: id, model: 'v1.0', resolution: '512p', duration: '5s' },
    });
    expect(job.status).toBe(202);
    const busy = await call(t.app, 'DELETE', `/api/upload/${id}`, { token: owner.token });
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe('UPLOAD_IN_USE');
    expect(await exists(file)).toBe(true);
    await call(t.app, 'DELETE', `/api/videos/${job.body.data.id}`, { token: owner.token });
    expect((await call(t.app, 'DELETE', `/api/upload/${id}`, { token: owner.token })).status).toBe(200);
    expect(await exists(file)).toBe(false);
    expect((await call(t.app, 'DELETE', `/api/upload/${id}`, { token: owner.token })).body.error).toBe('UPLOAD_NOT_FOUND');
  });

  it('removes uploads no video uses once they are a day old, and keeps the others', async () => {
    const { token } = await signUp(t.app);
    const unused = (await upload(token)).json().data.id as string;
    const used = (await upload(token)).json().data.id as string;
    const unusedFile = join(t.dataDir, 'uploads', (await filesOf(unused))!);
    const job = await call(t.app, 'POST', '/api/videos/generate', {
      token,
      body: { type: 'image-to-video', imageId: used, model: 'v1.0', resolution: '512p', duration: '5s' },
    });
    expect(job.status).toBe(202);
    const services = t.app.services;
    // Nothing is a day old yet.
    await sweepUnusedUploads(services, removeUploadFile(services), new Date(Date.now() - 24 * 60 * 60 * 1000));
    expect(await filesOf(unused)).toBeDefined();
    // A day later.
    await sweepUnusedUploads(services, removeUploadFile(services), new Date(Date.now() + 1000));
    expect(await filesOf(unused)).toBeUndefined();
    expect(await exists(unusedFile)).toBe(false);
    expect(await filesOf(used)).toBeDefined();
  });
});
