import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';

/**
 * npm run bench: requests per second and p99 latency for the credit endpoints, against a bare
 * Fastify route measured in the same run as the reference. Writes bench/results.md.
 */
const DURATION = Number(process.env.BENCH_SECONDS) || 10;
/** Where the report goes: bench/results.md unless BENCH_RESULTS names another file (a trial run). */
const RESULTS = process.env.BENCH_RESULTS ?? new URL('./results.md', import.meta.url);
/** Each endpoint at a modest and at a heavy number of concurrent connections. */
const CONNECTION_LEVELS = [20, 100];

interface Ready {
  apiUrl: string;
  bareUrl: string;
  token: string;
  dialect: string;
}

const server = fork(new URL('./server.ts', import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
const ready = await new Promise<Ready>((resolve, reject) => {
  server.once('message', (message) => resolve(message as Ready));
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

// The machine may be shared: its load when the run began goes into the report.
const loadAtStart = loadavg()[0]!.toFixed(1);
const auth = { authorization: `Bearer ${ready.token}` };
/** One measured run; `failure` when autocannon itself gave up (the server could not be reached at all). */
interface Run {
  name: string;
  connections: number;
  result: Result | null;
  failure?: string;
}
const runs: Run[] = [];

/**
 * Timeouts, connection errors and non-2xx answers are figures of the run, written into the results:
 * a loaded machine or a slow endpoint must show up in the table, not end the benchmark halfway.
 */
async function measure(name: string, options: Parameters<typeof autocannon>[0]) {
  for (const connections of CONNECTION_LEVELS) {
    try {
      // A short warm-up so JIT and connection pools are settled before the measured run.
      await autocannon({ ...options, connections, duration: 2 });
      const result = await autocannon({ ...options, connections, duration: DURATION });
      runs.push({ name, connections, result });
      const troubles =
        result.timeouts || result.errors || result.non2xx ? `; ${result.timeouts} timeouts, ${result.errors} errors, ${result.non2xx} non-2xx` : '';
      console.log(`${name} at ${connections} connections: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms${troubles}`);
    } catch (error) {
      const failure = error instanceof Error ? error.message : String(error);
      runs.push({ name, connections, result: null, failure });
      console.log(`${name} at ${connections} connections: not measured (${failure})`);
    }
  }
}

try {
  await measure('GET /bare (bare Fastify, reference)', { url: `${ready.bareUrl}/bare` });
  await measure('GET /api/user/credits', { url: `${ready.apiUrl}/api/user/credits`, requests: [{ method: 'GET', headers: auth }] });
  await measure('POST /api/user/credits/deduct', {
    url: `${ready.apiUrl}/api/user/credits/deduct`,
    requests: [
      {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1, metadata: { type: 'video_generation', timestamp: new Date().toISOString() } }),
        // Every request a new spend: a fixed key would only measure the replay path.
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } }),
      },
    ],
  });
} finally {
  server.send('stop');
}

// Each ratio is against the bare route at the same number of connections, in the same run.
const bareAt = new Map(runs.filter((run) => run === runs.find((r) => r.connections === run.connections)).map((run) => [run.connections, run.result]));
const rows = runs.map(({ name, connections, result, failure }) => {
  if (!result) return `| ${name} | ${connections} | not measured: ${failure ?? 'no result'} | | | | | | |`;
  const rps = result.requests.average;
  const bare = bareAt.get(connections)?.requests.average;
  const ratio = bare ? (rps / bare).toFixed(2) : 'n/a';
  return `| ${name} | ${connections} | ${Math.round(rps)} | ${result.latency.p50} | ${result.latency.p99} | ${ratio} | ${result.timeouts} | ${result.errors} | ${result.non2xx} |`;
});
const report = `# API benchmark

Run by \`npm run bench -w api\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}: autocannon at ${CONNECTION_LEVELS.join(' and ')} connections,
${DURATION} s per endpoint after a 2 s warm-up, servers in one child process (API on ${ready.dialect}, no worker,
argon2 not involved: the bearer token is made once), load generator in another. Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'},
Node ${process.version}, one-minute load average ${loadAtStart} at the start. Every deduct carries a fresh Idempotency-Key, so each one is a real spend:
conditional UPDATE of the balance plus a ledger row, in one transaction.

| endpoint | connections | req/s | p50 ms | p99 ms | ratio to bare | timeouts | errors | non-2xx |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

The bare route is a Fastify handler that returns a constant envelope: the ceiling for this machine
and this HTTP stack. The gap to it is the API's work per request: helmet's and CORS headers, the
token (verified once, then cached until it expires), one query for the user and the revocation
check (a statement prepared once, its SQL compiled once), the input guard, schema validation and
serialization, and for deduct a write transaction (SQLite keeps synchronous=FULL: a credit that was
answered as spent or granted must survive a power cut). The machine is shared: compare the ratios,
which were measured in the same run, rather than the absolute figures of runs on different days.
Timeouts (no answer within autocannon's 10 s), connection errors and non-2xx answers are counted, not
hidden: a run that has any measured more than the endpoint's own work.
`;
await writeFile(RESULTS, report);
console.log(`Written to ${RESULTS instanceof URL ? RESULTS.pathname : RESULTS}`);
console.log(report);
