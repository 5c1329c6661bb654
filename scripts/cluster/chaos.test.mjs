// The cluster under steady load through nginx while an API process, a shell server and the job worker are killed
// (kill -9) in the middle of their work, as
// `npm run start:cluster` runs it, on the builds in the workspaces (npm run build first). Slow: `npm run test:cluster`,
// not part of `npm test`. It uses the cluster's fixed ports, so it runs in a network namespace of its own:
//   unshare -n bash -c 'ip link set lo up && npm run test:cluster'
//
// What must hold: no read fails (nginx sends what a dead server refused or dropped to the other); a write the proxy
// cannot resend answers 503 in the API's envelope and the client's second try with the same Idempotency-Key is taken
// once; every video ends, its cost spent once and, when it did not succeed, refunded once; every balance is its
// ledger; the supervisor starts the three again, nginx sends the servers requests and the worker takes up the videos
// the dead one was rendering.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { CLUSTER_PORTS } from './layout.mjs';
import { alive, startCluster, until } from './harness.mjs';

const SITE = `http://localhost:${CLUSTER_PORTS.proxy}`;
/** Each loop's pause between its requests: a steady load that leaves the two cores room to restart what was killed. */
const PACE_MS = 20;
/** Spends of one credit each person makes under load; with the videos' cost it stays within the 100 of a new account. */
const SPENDS_PER_PERSON = 40;
/** The killed ones: an API process, a shell server, and the job worker in the middle of its renders. */
const VICTIMS = ['api-1', 'shell-2', 'worker'];
const portOf = { 'api-1': CLUSTER_PORTS.api[0], 'shell-2': CLUSTER_PORTS.shell[1] };

let cluster;
/** Every answer the clients got while the load ran. */
const answers = [];

/** One request through the proxy; a connection error or timeout is an answer with status 0. */
async function call(method, path, { token, body, key } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  try {
    const reply = await fetch(`${SITE}${path}`, { method, headers, body: body && JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
    const text = await reply.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A page.
    }
    return { method, path, status: reply.status, requestId: reply.headers.get('x-request-id'), json, at: Date.now() };
  } catch (error) {
    return { method, path, status: 0, error: String(error?.cause ?? error), at: Date.now() };
  }
}

/**
 * A write as a careful client sends it: again with the same Idempotency-Key when the proxy answered 503 (the server it
 * reached died before answering, so nginx could not resend it). Anything else but success is a failure.
 */
async function write(path, token, body, key) {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await call('POST', path, { token, body, key });
    answers.push(answer);
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (answer.status !== 503 || answer.json?.error !== 'SERVICE_UNAVAILABLE' || attempt === 10) return answer;
    await delay(200);
  }
}

const people = [];

async function signUp(index) {
  const reply = await call('POST', '/api/auth/register', {
    body: { email: `chaos-${index}-${randomUUID()}@example.com`, password: 'Chaos-test-passphrase-9', name: `Chaos ${index}` },
  });
  assert.equal(reply.status, 201, JSON.stringify(reply.json));
  return { token: reply.json.data.access_token, spendKeys: [], videoKeys: [], videos: [], cancelled: [] };
}

const GENERATE = { type: 'text-to-video', prompt: 'waves rolling onto a quiet beach', model: 'v1.0', resolution: '512p', duration: '5s' };

async function generate(person) {
  const key = randomUUID();
  const answer = await write('/api/videos/generate', person.token, GENERATE, key);
  assert.ok(answer.status === 202 || answer.status === 200, `generate: ${answer.status} ${JSON.stringify(answer.json ?? answer.error)}`);
  person.videoKeys.push(key);
  person.videos.push(answer.json.data.id);
  return answer.json.data.id;
}

before(async () => {
  cluster = await startCluster();
  for (const index of [1, 2]) people.push(await signUp(index));
});

after(async () => {
  await cluster?.stop();
});

/** nginx's access log: request id -> the server(s) that answered it and the status. */
function accessLog() {
  const lines = readFileSync(join(cluster.dir, 'nginx', 'logs', 'access.log'), 'utf8')
    .trim()
    .split('\n');
  const byId = new Map();
  for (const line of lines) {
    const match = /" (\d{3}) \d+ [\d.]+ (.+) ([0-9a-f]{32})$/.exec(line);
    if (match) byId.set(match[3], { status: Number(match[1]), upstreams: match[2].split(', ') });
  }
  return byId;
}

/** Whether nginx sends requests to the server on `port` again: one of these answered by it, and well. */
async function servedBy(port, path) {
  const answer = await call('GET', path);
  return answer.status === 200 && accessLog().get(answer.requestId)?.upstreams.join() === `127.0.0.1:${port}`;
}

let killedAt;
/** The videos the worker was rendering when it was killed. */
let runningAtKill = [];
let initial;

test('under steady load, kill -9 of an API process, a shell server and the worker fails no request the proxy could send elsewhere, and all three come back', async () => {
  initial = Object.fromEntries(cluster.status().processes.map((entry) => [entry.role, entry]));
  const load = { running: true };
  const [first, second] = people;
  const reads = [
    ['/', null],
    ['/pricing', null],
    ['/remotes.json', null],
    ['/api/subscription/plans', null],
    ['/api/user/credits', first.token],
    ['/api/videos/history', second.token],
  ];
  const reader = async (offset) => {
    for (let index = offset; load.running; index += 1) {
      const [path, token] = reads[index % reads.length];
      answers.push(await call('GET', path, { token }));
      await delay(PACE_MS);
    }
  };
  const spender = async (person) => {
    while (load.running && person.spendKeys.length < SPENDS_PER_PERSON) {
      const key = randomUUID();
      const body = { amount: 1, metadata: { type: 'video_generation', timestamp: new Date().toISOString(), source: 'chaos test' } };
      const answer = await write('/api/user/credits/deduct', person.token, body, key);
      assert.equal(answer.status, 200, `deduct: ${answer.status} ${JSON.stringify(answer.json ?? answer.error)}`);
      person.spendKeys.push(key);
      await delay(PACE_MS * 5);
    }
  };
  const loops = [0, 1, 2, 3].map((offset) => reader(offset));
  // A spender that fails stops; its error is the test's once the load has stopped.
  const spenders = people.map((person) =>
    spender(person).then(
      () => null,
      (error) => error,
    ),
  );
  try {
    await until('the load to run', () => answers.length >= 40, 60_000);
    // Work for the worker while the processes die: two videos each (two render at once), the second of the first
    // person's cancelled under the kill.
    for (const person of people) for (let count = 0; count < 2; count += 1) await generate(person);
    await until(
      'a video to be rendering',
      async () => {
        const videos = (await Promise.all(people.map((person) => everything('/api/videos/history', person.token)))).flat();
        runningAtKill = videos.filter((video) => video.status === 'processing').map((video) => video.id);
        return runningAtKill.length > 0;
      },
      60_000,
    );

    killedAt = Date.now();
    for (const role of VICTIMS) process.kill(initial[role].pid, 'SIGKILL');
    await until('the killed processes to end', () => VICTIMS.every((role) => !alive(initial[role].pid)));

    // Writes keep coming while the processes are down and restarting.
    const cancel = await write(`/api/videos/${first.videos[1]}/cancel`, first.token, undefined);
    assert.ok(cancel.status === 200 || (cancel.status === 409 && cancel.json.error === 'ALREADY_FINISHED'), `cancel: ${cancel.status}`);
    if (cancel.status === 200) first.cancelled.push(first.videos[1]);
    for (const person of people) await generate(person);

    // The supervisor starts each again (a new pid), it turns ready on its own port, and nginx sends it requests.
    for (const role of VICTIMS) {
      await until(`${role} to be started again`, () => {
        const entry = cluster.process(role);
        return entry.pid !== initial[role].pid && entry.alive && entry.restarts === 1;
      });
      const port = portOf[role];
      // The worker has no port: it rejoins when the videos it was rendering end (the next test).
      if (!port) continue;
      await until(`${role} to be ready`, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 120_000);
      await until(
        `nginx to send requests to ${role} again`,
        () => servedBy(port, role.startsWith('api') ? '/api/subscription/plans' : '/remotes.json'),
        60_000,
      );
    }
  } finally {
    load.running = false;
    await Promise.allSettled([...loops, ...spenders]);
  }
  for (const error of await Promise.all(spenders)) if (error) throw error;

  // Only the killed ones were started again.
  const now = cluster.status().processes;
  for (const entry of now) {
    assert.ok(entry.alive, `${entry.role} runs`);
    if (!VICTIMS.includes(entry.role)) assert.equal(entry.pid, initial[entry.role].pid, `${entry.role} kept running`);
  }
  for (const role of VICTIMS) assert.match(cluster.output(), new RegExp(`${role} exited \\(SIGKILL\\)[\\s\\S]*${role} restarted`));

  const readAnswers = answers.filter((answer) => answer.method === 'GET');
  const failedReads = readAnswers.filter((answer) => answer.status !== 200);
  assert.deepEqual(failedReads, [], 'every read succeeded');
  // A write that reached a dead server could not be resent: 503 in the envelope, nothing else.
  const failedWrites = answers.filter((answer) => answer.method === 'POST' && !(answer.status >= 200 && answer.status < 300));
  for (const answer of failedWrites) assert.equal(answer.json?.error, 'SERVICE_UNAVAILABLE', JSON.stringify(answer));
  const resent = [...accessLog().values()].filter((entry) => entry.upstreams.length > 1).length;
  const afterKill = answers.filter((answer) => answer.at >= killedAt).length;
  console.log(
    `${answers.length} requests (${afterKill} after the kill), ${readAnswers.length} reads; ${failedWrites.length} writes answered 503 and sent again; ` +
      `nginx passed ${resent} requests on to the other server; ${runningAtKill.length} videos were rendering when the worker died`,
  );
  assert.ok(afterKill > 0);
});

/** Every page of a person's list at `path` (50 a page). */
async function everything(path, token) {
  const items = [];
  for (let page = 1; ; page += 1) {
    const reply = await call('GET', `${path}?page=${page}&per_page=50`, { token });
    assert.equal(reply.status, 200);
    items.push(...reply.json.data.items);
    if (items.length >= reply.json.data.total || reply.json.data.items.length === 0) return items;
  }
}

test('every video ends, spent once and refunded once when it did not succeed, and every balance is its ledger', async () => {
  const ended = new Set(['succeeded', 'failed', 'cancelled']);
  assert.ok(runningAtKill.length > 0);
  for (const person of people) {
    await until('every video to end', async () => (await everything('/api/videos/history', person.token)).every((video) => ended.has(video.status)), 240_000);
  }
  for (const person of people) {
    const videos = await everything('/api/videos/history', person.token);
    // One video per key the client was answered for, however many times it sent it.
    assert.deepEqual(videos.map((video) => video.id).sort(), [...person.videos].sort());
    for (const id of person.cancelled) assert.equal(videos.find((video) => video.id === id).status, 'cancelled');

    const ledger = await everything('/api/user/credits/history', person.token);
    const balance = (await call('GET', '/api/user/credits', { token: person.token })).json.data.balance;
    assert.equal(
      ledger.reduce((sum, row) => sum + row.amount, 0),
      balance,
      'the balance is the sum of the ledger',
    );
    assert.deepEqual(
      ledger.filter((row) => row.kind === 'grant').map((row) => [row.purpose, row.amount]),
      [['signup', 100]],
    );
    // Each spend the client was answered for, once, however many times it was sent.
    const spends = ledger.filter((row) => row.purpose === 'spend');
    assert.equal(spends.length, person.spendKeys.length);
    assert.ok(spends.every((row) => row.amount === -1));
    let expected = 100 - person.spendKeys.length;
    for (const video of videos) {
      const charged = ledger.filter((row) => row.purpose === 'generation' && row.videoId === video.id);
      const refunded = ledger.filter((row) => row.purpose === 'generation-refund' && row.videoId === video.id);
      assert.deepEqual(
        charged.map((row) => row.amount),
        [-video.cost],
        `${video.id} charged once`,
      );
      assert.deepEqual(
        refunded.map((row) => row.amount),
        video.status === 'succeeded' ? [] : [video.cost],
        `${video.id} (${video.status}) refunded ${video.status === 'succeeded' ? 'never' : 'once'}`,
      );
      expected += -video.cost + refunded.reduce((sum, row) => sum + row.amount, 0);
    }
    assert.equal(ledger.length, 1 + spends.length + videos.length + ledger.filter((row) => row.purpose === 'generation-refund').length);
    assert.equal(balance, expected);
    console.log(
      `${videos.length} videos: ${videos.map((video) => `${video.status}${runningAtKill.includes(video.id) ? ' (rendering at the kill)' : ''}`).join(', ')}`,
    );
  }
});
