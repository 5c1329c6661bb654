import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

/** Opens a raw connection, collects what the server sends, and resolves when the server closes it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  const opened = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  return { socket, opened, closed };
}

/** Writes one byte at a time until the socket is gone, as a slow client does. */
function trickle(socket: Socket, bytes: string, everyMs: number) {
  let index = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || index >= bytes.length) return clearInterval(timer);
    socket.write(bytes[index]!);
    index += 1;
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

describe('slow clients are cut', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ timeouts: { headersMs: 600, requestMs: 1200, keepAliveMs: 500, idleMs: 5_000, handlerMs: 5_000 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it('closes a connection whose body arrives one byte at a time, answering 408 in the envelope', async () => {
    const { socket, opened, closed } = rawConnection(port);
    await opened;
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n');
    // Each byte comes well within the idle limit: only the limit on the whole request can end it.
    trickle(socket, `{"email":"slow@example.com","password":"${'x'.repeat(150)}"}`, 100);
    const reply = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ success: false, data: null, error: 'REQUEST_TIMEOUT', message: expect.any(String) });
  });

  it('answers a body still arriving at the limit once, with 408, and closes it, even when the handler limit is the same', async () => {
    // The defaults' shape: the handler limit equals the request limit, and both clocks start with the request.
    const same = await createTestApp({ timeouts: { headersMs: 600, requestMs: 1200, keepAliveMs: 500, idleMs: 5_000, handlerMs: 1200 } });
    try {
      await same.app.listen({ port: 0, host: '127.0.0.1' });
      const { socket, opened, closed } = rawConnection((same.app.server.address() as { port: number }).port);
      await opened;
      socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n');
      trickle(socket, `{"email":"slow@example.com","password":"${'x'.repeat(150)}"}`, 100);
      const reply = await closed;
      expect(reply.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect(reply).toMatch(/^HTTP\/1\.1 408 /);
      // Cut by the request's limit: a byte every 100 ms keeps the idle limit away, and the body would take 19 s.
      expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, error: 'REQUEST_TIMEOUT' });
    } finally {
      await same.close();
    }
  });

  it('closes a connection whose headers never finish', async () => {
    const { socket, opened, closed } = rawConnection(port);
    await opened;
    trickle(socket, `GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'y'.repeat(200)}`, 50);
    const reply = await closed;
    expect(reply === '' || /^HTTP\/1\.1 408 /.test(reply)).toBe(true);
  });

  it('closes a kept-alive connection left idle after its request', async () => {
    const { socket, opened, closed } = rawConnection(port);
    await opened;
    socket.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const reply = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('answers a request that is not HTTP in the envelope', async () => {
    const { socket, opened, closed } = rawConnection(port);
    await opened;
    socket.write('HELLO THERE\r\n\r\n');
    const reply = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, error: 'BAD_REQUEST' });
  });
});

describe('kept-alive connections', () => {
  it('tells clients to keep an idle connection up to 65 s, so the client closes it first, not the server', async () => {
    const t = await createTestApp();
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { socket, opened } = rawConnection((t.app.server.address() as { port: number }).port);
      await opened;
      const reply = new Promise<string>((resolve) => socket.once('data', (chunk: string) => resolve(chunk)));
      socket.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      const head = (await reply).split('\r\n\r\n')[0]!;
      expect(head).toMatch(/^HTTP\/1\.1 200 /);
      expect(head.toLowerCase()).toContain('connection: keep-alive');
      expect(head.toLowerCase()).toContain('keep-alive: timeout=65');
      socket.destroy();
    } finally {
      await t.close();
    }
  });
});
