import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { call, createTestApp, makePicture, signUp, uploadPicture, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startBucket } from './s3.ts';
import type { TestBucket } from './s3.ts';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('media in an S3-compatible bucket (s3rver)', () => {
  let bucket: TestBucket;
  beforeAll(async () => {
    bucket = await startBucket();
  });
  afterAll(async () => bucket.close());

  it('stores, finds, copies out and removes objects', async () => {
    const storage = bucket.storage();
    const body = randomBytes(2048);
    await storage.putBuffer('uploads/a.png', body, 'image/png');
    expect(await storage.exists('uploads/a.png')).toBe(true);
    expect(await storage.exists('uploads/missing.png')).toBe(false);
    const copy = join(await mkdtemp(join(tmpdir(), 'reelmint-copy-')), 'a.png');
    await storage.download('uploads/a.png', copy);
    expect(await readFile(copy)).toEqual(body);
    await storage.remove(['uploads/a.png', 'uploads/missing.png']);
    expect(await storage.exists('uploads/a.png')).toBe(false);
  });

  it('sends a file larger than one part as a multipart upload, and removes the local copy', async () => {
    const storage = bucket.storage({ partSizeBytes: 5 * 1024 * 1024 });
    const sent: string[] = [];
    const send = storage.client.send.bind(storage.client);
    vi.spyOn(storage.client, 'send').mockImplementation(((command: { constructor: { name: string } }, ...rest: unknown[]) => {
      sent.push(command.constructor.name);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof storage.client.send);
    const dir = await mkdtemp(join(tmpdir(), 'reelmint-big-'));
    const file = join(dir, 'big.mp4');
    const body = randomBytes(12 * 1024 * 1024);
    await writeFile(file, body);

    await storage.putFile('videos/big.mp4', file, 'video/mp4');

    expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).toContain('CompleteMultipartUploadCommand');
    expect(await exists(file)).toBe(false);
    const copy = join(dir, 'copy.mp4');
    await storage.download('videos/big.mp4', copy);
    expect((await readFile(copy)).equals(body)).toBe(true);
  });
});

describe('two API processes sharing one database and one bucket', () => {
  let bucket: TestBucket;
  let front: TestApp;
  let renderer: TestApp;

  beforeAll(async () => {
    bucket = await startBucket();
    // The front process queues jobs and serves media; the other renders (its worker) and serves too.
    front = await createTestApp({ storage: bucket.storage(), worker: false });
    const shared = front.databaseUrl
      ? await openDatabase({ databaseUrl: front.databaseUrl, sqlitePath: '' })
      : await openDatabase({ sqlitePath: join(front.dataDir, 'reelmint.sqlite') });
    renderer = await createTestApp({ storage: bucket.storage(), database: shared });
  });
  afterAll(async () => {
    await renderer?.close();
    await front?.close();
    await bucket?.close();
  });

  it('renders a picture uploaded to one process in the other, and each serves the result to its owner only', async () => {
    const { token } = await signUp(front.app);
    const picture = await makePicture(front.dataDir, 'source.png');
    const upload = await uploadPicture(front.app, token, 'source.png', 'image/png', picture);
    expect(upload.statusCode).toBe(201);
    const imageId = upload.json().data.id as string;
    // The picture is in the bucket, not on the front process's disk.
    expect(await readdir(join(front.dataDir, 'uploads'))).toEqual([]);

    const job = await call(front.app, 'POST', '/api/videos/generate', {
      token,
      body: { type: 'image-to-video', imageId, prompt: 'Slow zoom', model: 'v1.0', resolution: '512p', duration: '5s' },
    });
    expect(job.status).toBe(202);
    const id = job.body.data.id as string;
    const done = await waitFor(
      async () => {
        const reply = await call(renderer.app, 'GET', `/api/videos/status/${id}`, { token });
        return ['succeeded', 'failed'].includes(reply.body.data.status) ? reply.body.data : undefined;
      },
      60_000,
      'the other process to render the video',
    );
    expect(done).toMatchObject({ status: 'succeeded', engine: 'local' });
    expect(await bucket.storage().exists(`videos/${id}.mp4`)).toBe(true);
    // Neither process keeps a copy: the renderer's work files and fetched picture are gone.
    expect(await readdir(join(renderer.dataDir, 'videos'))).toEqual([]);
    expect(await readdir(join(renderer.dataDir, 'uploads'))).toEqual([]);

    // The front process serves what the renderer made, with Range, through the owner's signed URL.
    const url = new URL(done.videoUrl);
    const whole = await front.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await front.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const size = whole.rawPayload.length;
    expect(size).toBeGreaterThan(1000);
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const part = await front.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload.length).toBe(100);
    const poster = await front.app.inject({ method: 'GET', url: `/api/videos/${id}/poster`, headers: { authorization: `Bearer ${token}` } });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    const stranger = await signUp(renderer.app);
    expect((await call(renderer.app, 'GET', `/api/videos/${id}/file`, { token: stranger.token })).status).toBe(404);
    expect((await front.app.inject({ method: 'GET', url: `/api/videos/${id}/file` })).statusCode).toBe(401);

    // Deleting through either process removes the objects from the bucket.
    expect((await call(renderer.app, 'DELETE', `/api/videos/${id}`, { token })).status).toBe(200);
    expect(await bucket.storage().exists(`videos/${id}.mp4`)).toBe(false);
    expect(await bucket.storage().exists(`videos/${id}.jpg`)).toBe(false);
  });

  it('renders a template poster once into the bucket, and the other process serves it without rendering', async () => {
    const first = await front.app.inject({ method: 'GET', url: '/api/video/templates/tpl-neon-city/poster' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const second = await renderer.app.inject({ method: 'GET', url: '/api/video/templates/tpl-neon-city/poster' });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await readdir(join(renderer.dataDir, 'templates'))).toEqual([]);
    expect(await readdir(join(front.dataDir, 'templates'))).toEqual([]);
  });
});
