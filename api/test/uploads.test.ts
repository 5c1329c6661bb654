import { readdir } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, makePicture, multipartBody, signUp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

describe('uploads', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    ({ token } = await signUp(t.app));
  });
  afterAll(async () => t.close());

  const upload = (content: Buffer, fileName = 'picture.png', contentType = 'image/png', field = 'file', auth: string | null = token) => {
    const body = multipartBody(field, fileName, contentType, content);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, ...(auth ? { authorization: `Bearer ${auth}` } : {}) },
      payload: body.payload,
    });
  };

  it.each([
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ])('accepts a %s picture, sniffed from its bytes, and stores it under a random name', async (ext, mime) => {
    const picture = await makePicture(t.dataDir, `source.${ext}`);
    // The client's name and type are ignored: the bytes decide.
    const reply = await upload(picture, '../../etc/evil.txt', 'text/plain');
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toEqual({ id: expect.stringMatching(/^img_/), width: 320, height: 180, mimeType: mime, size: picture.length });
    const stored = await readdir(join(t.dataDir, 'uploads'));
    expect(stored.some((name) => name.includes('evil'))).toBe(false);
    expect(stored.some((name) => new RegExp(`^[0-9a-f]{32}\\.${ext}$`).test(name))).toBe(true);
  });

  it('refuses other types with 415 UNSUPPORTED_MEDIA_TYPE, whatever the name says', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    for (const content of [gif, Buffer.from('just some text, not a picture')]) {
      const reply = await upload(content, 'photo.png', 'image/png');
      expect(reply.statusCode).toBe(415);
      expect(reply.json()).toMatchObject({ success: false, error: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    const json = await call(t.app, 'POST', '/api/upload', { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
    expect(json.body.error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses files over 10 MB with 413 FILE_TOO_LARGE', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const reply = await upload(big);
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toMatchObject({ success: false, error: 'FILE_TOO_LARGE' });
  });

  it('never keeps a picture cut short at the limit: over 10 MB is 413 every time, however the body arrives, and nothing is stored', async () => {
    // A real picture with bytes after it: its first 10 MB still read as a picture, so a cut copy would pass every check.
    const picture = await makePicture(t.dataDir, 'over.png');
    const limit = 10 * 1024 * 1024;
    const before = await readdir(join(t.dataDir, 'uploads')).catch(() => []);
    for (const extra of [1, 1024, 2 * 1024 * 1024, 4 * 1024 * 1024]) {
      const content = Buffer.concat([picture, Buffer.alloc(limit - picture.length + extra, 7)]);
      const body = multipartBody('file', 'big.png', 'image/png', content);
      const fileStart = body.payload.indexOf(content.subarray(0, 16));
      // The parser meets the limit exactly at a chunk's end, so the chunk that crosses it carries no byte it may keep.
      for (const cut of [fileStart + limit, fileStart + limit - 1, fileStart + limit + 1]) {
        const reply = await t.app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { ...body.headers, authorization: `Bearer ${token}` },
          payload: Readable.from([body.payload.subarray(0, cut), body.payload.subarray(cut)], { objectMode: false }),
        });
        expect([reply.statusCode, reply.json().error], `${extra} bytes over, cut at ${cut - fileStart}`).toEqual([413, 'FILE_TOO_LARGE']);
      }
    }

    // As browsers and Node's fetch send it, over real HTTP.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const size of [limit + 1, 11 * 1024 * 1024, 12 * 1024 * 1024 + 17, 14 * 1024 * 1024]) {
      const form = new FormData();
      form.append('file', new Blob([picture, Buffer.alloc(size - picture.length, 7)], { type: 'image/png' }), 'big.png');
      const reply = await fetch(`${address}/api/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      expect([reply.status, ((await reply.json()) as { error: string }).error], `${size} bytes`).toEqual([413, 'FILE_TOO_LARGE']);
    }
    expect(await readdir(join(t.dataDir, 'uploads')).catch(() => [])).toEqual(before);
    const rows = await t.app.services.db.selectFrom('uploads').select('size').where('size', '>=', limit).execute();
    expect(rows).toEqual([]);
  });

  it('refuses pictures over 40 megapixels with 413 IMAGE_TOO_LARGE', async () => {
    // A PNG header claiming 8000x8000: small on disk, huge to decode.
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(8000, 8);
    ihdr.writeUInt32BE(8000, 12);
    ihdr.writeUInt8(8, 16);
    ihdr.writeUInt8(2, 17);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr, Buffer.alloc(64)]);
    const reply = await upload(png);
    expect(reply.statusCode).toBe(413);
    expect(reply.json().error).toBe('IMAGE_TOO_LARGE');
  });

  it.each(['png', 'webp'])('refuses a %s picture cut short with 422 INVALID_IMAGE, though its header names its size, and stores nothing', async (ext) => {
    const whole = await makePicture(t.dataDir, `whole.${ext}`, '800x600');
    const before = await readdir(join(t.dataDir, 'uploads')).catch(() => []);
    // The first part of the file: the header (and so the size check) is intact, the picture is not.
    const reply = await upload(whole.subarray(0, Math.floor(whole.length / 3)), `cut.${ext}`, `image/${ext}`);
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ success: false, error: 'INVALID_IMAGE', message: expect.stringContaining('damaged or incomplete') });
    expect(await readdir(join(t.dataDir, 'uploads')).catch(() => [])).toEqual(before);
    // Bytes after a whole picture's end are no damage: cameras and editors leave them, and the render reads past them.
    const trailing = await upload(Buffer.concat([whole, Buffer.alloc(4096, 7)]), `long.${ext}`, `image/${ext}`);
    expect(trailing.statusCode).toBe(201);
  });

  it('needs a session, the field "file" and a non-empty file', async () => {
    const picture = await makePicture(t.dataDir, 'small.png', '32x32');
    expect((await upload(picture, 'a.png', 'image/png', 'file', null)).statusCode).toBe(401);
    const wrongField = await upload(picture, 'a.png', 'image/png', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe('VALIDATION_ERROR');
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('answers a truncated multipart body with a 4xx, not a 500', async () => {
    const body = multipartBody('file', 'a.png', 'image/png', Buffer.from('abc'));
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload.subarray(0, body.payload.length - 20),
    });
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
  });
});
