import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, ScriptedEngine, signUp, waitFor } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** What a browser holds for one subscription: its ECDH key pair and auth secret (RFC 8291). */
class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }
  get json() {
    return { p256dh: b64url(this.ecdh.getPublicKey()), auth: b64url(this.auth) };
  }

  /** Reads an aes128gcm message (RFC 8188 framing, RFC 8291 keys) the way the browser would. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const senderPublic = body.subarray(21, 21 + idLength);
    const cipher = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderPublic);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderPublic]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.auth, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipher.subarray(cipher.length - 16));
    const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
    // One record: the text, then the last-record delimiter 0x02 and any zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    expect(padded[end]).toBe(2);
    return padded.subarray(0, end).toString('utf8');
  }
}

interface Delivery {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on a local port: keeps each message, answering 201, or 410 for a subscription it calls gone. */
class LocalPushService {
  readonly received: Delivery[] = [];
  readonly gone = new Set<string>();
  private waiters: Array<() => void> = [];
  private server: Server | null = null;
  base = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = this.gone.has(path) ? 410 : 201;
        response.end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async next(path: string, after: number): Promise<Delivery> {
    return waitFor(async () => this.received.slice(after).find((d) => d.path === path), 20_000, `a push to ${path}`);
  }

  async stop(): Promise<void> {
    this.server?.close();
  }
}

const TEXT = {
  type: 'text-to-video',
  prompt: 'A paper boat drifting down a rainy street',
  model: 'v1.0',
  resolution: '512p',
  duration: '5s',
  aspectRatio: '16:9',
};

describe('being told when a video ends', () => {
  let t: TestApp;
  const engine = new ScriptedEngine('succeed');
  const push = new LocalPushService();

  beforeAll(async () => {
    await push.start();
    t = await createTestApp({ engine, siteOrigin: 'https://reelmint.example', allowLoopbackPushEndpoints: true });
  });
  afterAll(async () => {
    await t.close();
    await push.stop();
  });

  const finish = async (token: string) => {
    const queued = await call(t.app, 'POST', '/api/videos/generate', { token, body: TEXT });
    expect(queued.status).toBe(202);
    const id = queued.body.data.id as string;
    await waitFor(async () => {
      const { status } = (await call(t.app, 'GET', `/api/videos/status/${id}`, { token })).body.data;
      return status === 'succeeded' || status === 'failed' ? true : undefined;
    });
    return id;
  };

  const subscribe = async (token: string, path: string, keys = new BrowserKeys()) => {
    const reply = await call(t.app, 'POST', '/api/notifications/subscriptions', {
      token,
      body: { endpoint: `${push.base}${path}`, expirationTime: null, keys: keys.json },
    });
    expect(reply.status).toBe(201);
    return keys;
  };

  it('keeps one VAPID key pair from the first start and hands out its public half', async () => {
    const first = await call(t.app, 'GET', '/api/notifications/push-key');
    expect(first.status).toBe(200);
    const key = Buffer.from(first.body.data.publicKey as string, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await call(t.app, 'GET', '/api/notifications/push-key')).body.data.publicKey).toBe(first.body.data.publicKey);
    const rows = await t.app.core.db.selectFrom('push_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('sends each browser an encrypted, signed message it can read when its video is ready, and when one fails', async () => {
    const { token } = await signUp(t.app, 'Pushed');
    const keys = await subscribe(token, '/push/ready');
    expect((await call(t.app, 'GET', '/api/notifications/settings', { token })).body.data).toEqual({ email: false, pushDevices: 1 });

    let seen = push.received.length;
    const id = await finish(token);
    const delivery = await push.next('/push/ready', seen);
    expect(delivery.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(delivery.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(keys.decrypt(delivery.body))).toEqual({
      title: 'Your video is ready',
      body: TEXT.prompt,
      url: 'https://reelmint.example/en/text-to-video/generator',
      tag: `video-${id}`,
      videoId: id,
      outcome: 'ready',
    });

    // The VAPID header is a JWT for the push service's origin, signed with the key the API hands out.
    const publicKey = (await call(t.app, 'GET', '/api/notifications/push-key')).body.data.publicKey as string;
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(String(delivery.headers.authorization)) ?? [];
    expect(k).toBe(publicKey);
    expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
    const raw = Buffer.from(publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) };
    const { payload } = await jwtVerify(jwt!, await importJWK(jwk, 'ES256'));
    expect(payload.aud).toBe(push.base);

    engine.mode = 'fail';
    try {
      seen = push.received.length;
      const failed = await finish(token);
      const note = JSON.parse(keys.decrypt((await push.next('/push/ready', seen)).body));
      expect(note).toMatchObject({ title: 'Your video failed – credits refunded', videoId: failed, outcome: 'failed' });
    } finally {
      engine.mode = 'succeed';
    }
  });

  it('drops a subscription its push service says is gone (410)', async () => {
    const { token } = await signUp(t.app, 'Gone');
    await subscribe(token, '/push/gone');
    push.gone.add('/push/gone');
    const seen = push.received.length;
    await finish(token);
    await push.next('/push/gone', seen);
    await waitFor(async () => ((await call(t.app, 'GET', '/api/notifications/settings', { token })).body.data.pushDevices === 0 ? true : undefined));
    expect(await t.app.core.db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', `${push.base}/push/gone`).execute()).toEqual([]);
  });

  it('mails those who turned mail on, and stops pushing to a browser that unsubscribed', async () => {
    const { token, email } = await signUp(t.app, 'Mailed');
    await subscribe(token, '/push/leaving');
    const turnedOn = await call(t.app, 'PUT', '/api/notifications/settings', { token, body: { email: true } });
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.data).toEqual({ email: true, pushDevices: 1 });

    const off = await call(t.app, 'DELETE', '/api/notifications/subscriptions', { token, body: { endpoint: `${push.base}/push/leaving` } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ endpoint: `${push.base}/push/leaving`, subscribed: false });
    expect((await call(t.app, 'GET', '/api/notifications/settings', { token })).body.data.pushDevices).toBe(0);

    const seen = push.received.length;
    await finish(token);
    // Pushes go out before the mail is written, so once the mail is there no push is still on its way.
    const mail = await waitFor(
      async () => t.app.core.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).where('kind', '=', 'video-ready').executeTakeFirst(),
      20_000,
      'the mail',
    );
    expect(mail.subject).toBe('Your Reelmint video is ready');
    expect(mail.text_body).toContain(`“${TEXT.prompt}”`);
    expect(mail.text_body).toContain('https://reelmint.example/en/account');
    expect(push.received.slice(seen).filter((d) => d.path === '/push/leaving')).toEqual([]);

    // Turning mail off again means no further mail.
    expect((await call(t.app, 'PUT', '/api/notifications/settings', { token, body: { email: false } })).body.data.email).toBe(false);
  });

  it("tells the page's watcher which videos ended since it last asked", async () => {
    const { token } = await signUp(t.app, 'Watcher');
    const start = await call(t.app, 'GET', '/api/notifications/ended', { token });
    expect(start.body.data).toMatchObject({ ended: [], active: 0 });
    const id = await finish(token);
    const later = await call(t.app, 'GET', `/api/notifications/ended?since=${encodeURIComponent(start.body.data.now)}`, { token });
    expect(later.status).toBe(200);
    expect(later.body.data.ended).toEqual([
      expect.objectContaining({ id, outcome: 'ready', type: 'text-to-video', title: TEXT.prompt, path: '/text-to-video/generator' }),
    ]);
  });

  it('refuses bad subscriptions and strangers with a code, storing nothing', async () => {
    const { token } = await signUp(t.app, 'Careful');
    const keys = new BrowserKeys().json;
    const cases = [
      { endpoint: 'http://push.example.com/x', keys },
      { endpoint: 'not a url', keys },
      { endpoint: `${push.base}/push/bad`, keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: `${push.base}/push/bad` },
    ];
    for (const body of cases) {
      const reply = await call(t.app, 'POST', '/api/notifications/subscriptions', { token, body });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
    }
    expect((await call(t.app, 'POST', '/api/notifications/subscriptions', { body: { endpoint: `${push.base}/push/x`, keys } })).status).toBe(401);
    expect((await call(t.app, 'PUT', '/api/notifications/settings', { token, body: { email: 'yes' } })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/notifications/ended?since=yesterday', { token })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/notifications/settings', { token })).body.data.pushDevices).toBe(0);
  });

  it('lists every route in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    for (const path of ['/api/notifications/push-key', '/api/notifications/settings', '/api/notifications/subscriptions', '/api/notifications/ended']) {
      expect(doc.paths?.[path], path).toBeDefined();
    }
  });
});

// Keeps the helpers above honest: a message this test encrypts by hand (RFC 8291) reads back the same.
it('reads back a message encrypted by hand per RFC 8291', () => {
  const browser = new BrowserKeys();
  const sender = createECDH('prime256v1');
  sender.generateKeys();
  const salt = randomBytes(16);
  const shared = sender.computeSecret(browser.ecdh.getPublicKey());
  const ikm = Buffer.from(
    hkdfSync('sha256', shared, browser.auth, Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), sender.getPublicKey()]), 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const sealed = Buffer.concat([cipher.update(Buffer.concat([Buffer.from('hello'), Buffer.from([2, 0, 0])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header.writeUInt8(65, 20);
  expect(browser.decrypt(Buffer.concat([header, sender.getPublicKey(), sealed]))).toBe('hello');
});
