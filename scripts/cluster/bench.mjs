// `npm run bench:cluster`: pages and API reads through the cluster's nginx at 100 connections (autocannon), with one
// shell server and one API process behind it and with two of each, in the same run, and the ratio of the two. Starts
// the cluster (`start.mjs --no-build`: npm run build first) in a folder of its own, so run it in a network namespace
// of its own when anything else may hold the cluster's ports:
//   unshare -n bash -c 'ip link set lo up && npm run bench:cluster'
// Writes scripts/cluster/bench-results.md (BENCH_RESULTS names another file, BENCH_SECONDS the length of each run).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CLUSTER_PORTS } from './layout.mjs';
import { cpuController, cpuQuotas } from './cpu-quota.mjs';
import { processTable, processTree } from './processes.mjs';
import { startCluster, until } from './harness.mjs';

const DURATION = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 100;
const RESULTS = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('./bench-results.md', import.meta.url));
const SITE = `http://localhost:${CLUSTER_PORTS.proxy}`;
/** Each server's CPU quota in the limited rows, in cores (BENCH_QUOTA). */
const QUOTA = Number(process.env.BENCH_QUOTA) || 0.4;

/** CPU seconds of a process and everything under it. */
const treeSeconds = (table, root) => processTree(table, root).reduce((total, pid) => total + (table.get(pid)?.seconds ?? 0), 0);

/** The machine's busy and total CPU time so far, from /proc/stat, in ticks. */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'latin1').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - fields[3] - fields[4], total };
}

const cluster = await startCluster(['--no-restart']);
const rows = [];
try {
  const register = await fetch(`${SITE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, password: 'Bench-run-passphrase-7', name: 'Bench' }),
  });
  if (register.status !== 201) throw new Error(`Could not sign up: ${register.status} ${await register.text()}`);
  const token = (await register.json()).data.access_token;

  const targets = [
    { name: 'page GET /', upstream: 'shell', request: { url: `${SITE}/` } },
    { name: 'API read GET /api/subscription/plans', upstream: 'api', request: { url: `${SITE}/api/subscription/plans` } },
    {
      name: 'API read GET /api/user/credits (signed in)',
      upstream: 'api',
      request: { url: `${SITE}/api/user/credits`, headers: { authorization: `Bearer ${token}` } },
    },
  ];

  const confFile = join(cluster.dir, 'nginx', 'nginx.conf');
  const twoEach = readFileSync(confFile, 'utf8');
  const second = [CLUSTER_PORTS.shell[1], CLUSTER_PORTS.api[1]].map((port) => new RegExp(`^\\s*server 127\\.0\\.0\\.1:${port} [^\\n]*\\n`, 'm'));
  if (!second.every((line) => line.test(twoEach))) throw new Error(`${confFile} does not list the second shell server and API process`);
  const oneEach = second.reduce((text, line) => text.replace(line, ''), twoEach);
  const nginxPid = cluster.process('nginx').pid;

  /** nginx's access log: the upstream addresses of the answers to these request ids. */
  const upstreamsOf = (ids) => {
    const lines = readFileSync(join(cluster.dir, 'nginx', 'logs', 'access.log'), 'utf8').split('\n');
    return new Set(lines.filter((line) => ids.has(line.slice(-32))).map((line) => line.split(' ').at(-2)));
  };

  /** Writes nginx's configuration with `count` servers of each kind, reloads it and waits until requests spread that way. */
  async function useInstances(count) {
    writeFileSync(confFile, count === 1 ? oneEach : twoEach);
    process.kill(nginxPid, 'SIGHUP');
    const expected = new Set([...CLUSTER_PORTS.api.slice(0, count), ...CLUSTER_PORTS.shell.slice(0, count)].map((port) => `127.0.0.1:${port}`));
    await until(
      `nginx to send requests to ${count} server(s) of each kind`,
      async () => {
        const ids = new Set();
        for (let index = 0; index < 8; index += 1) {
          for (const path of ['/remotes.json', '/api/subscription/plans']) {
            const reply = await fetch(`${SITE}${path}`);
            await reply.arrayBuffer();
            ids.add(reply.headers.get('x-request-id'));
          }
        }
        const seen = upstreamsOf(ids);
        return seen.size === expected.size && [...seen].every((address) => expected.has(address));
      },
      30_000,
    );
  }

  const pids = Object.fromEntries(cluster.status().processes.map((entry) => [entry.role, entry.pid]));
  const loadAtStart = loadavg()[0].toFixed(1);

  /** One row per target with `count` servers of each kind behind nginx. */
  async function measure(count, limit) {
    await useInstances(count);
    for (const target of targets) {
      // A short warm-up first: JIT, the servers' and nginx's connection pools.
      await autocannon({ ...target.request, connections: CONNECTIONS, duration: 2 });
      const cpuBefore = processTable();
      const machineBefore = machineTicks();
      const ownBefore = process.cpuUsage();
      const result = await autocannon({ ...target.request, connections: CONNECTIONS, duration: DURATION });
      const cpuAfter = processTable();
      const machineAfter = machineTicks();
      const own = process.cpuUsage(ownBefore);
      const share = (role) => (treeSeconds(cpuAfter, pids[role]) - treeSeconds(cpuBefore, pids[role])) / DURATION;
      const cpu = {
        machine: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
        nginx: share('nginx'),
        servers: [1, 2].map((index) => share(`${target.upstream}-${index}`)),
        postgres: share('postgres'),
        autocannon: (own.user + own.system) / 1e6 / DURATION,
      };
      rows.push({ ...target, count, limit, result, cpu });
      console.log(
        `${target.name}, ${count} instance(s)${limit ? `, ${limit} core each` : ''}: ${Math.round(result.requests.average)} req/s, ` +
          `p99 ${result.latency.p99} ms, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
      );
    }
  }

  for (const count of [1, 2]) await measure(count, null);
  // Then each server under a CPU quota, as a container's CPU limit: two instances then take QUOTA x 2 of the cores and
  // leave the rest to nginx, PostgreSQL and the load generator, so the second instance adds its own share instead of
  // taking it from the first or from them.
  const controller = cpuController();
  if (controller.reason === undefined) {
    const quotas = cpuQuotas(controller, `reelmint-bench-${process.pid}`);
    try {
      for (const role of ['shell-1', 'shell-2', 'api-1', 'api-2']) quotas.limit(role, pids[role], QUOTA);
      for (const count of [1, 2]) await measure(count, QUOTA);
    } finally {
      quotas.releaseAll();
    }
  }
  await useInstances(2);

  const pct = (value) => `${Math.round(value * 100)}%`;
  const table = rows.map(
    ({ name, count, limit, result, cpu }) =>
      `| ${name} | ${count} | ${limit === null ? 'none' : `${limit} core`} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ` +
      `${result.latency.p99} | ${result.errors + result.timeouts} | ${result.non2xx} | ${pct(cpu.nginx)} | ${cpu.servers.map(pct).join(' + ')} | ` +
      `${pct(cpu.postgres)} | ${pct(cpu.autocannon)} | ${pct(cpu.machine)} |`,
  );
  const limits = [...new Set(rows.map((row) => row.limit))];
  const ratioOf = (target, limit) => {
    const [one, two] = [1, 2].map(
      (count) => rows.find((row) => row.name === target.name && row.count === count && row.limit === limit).result.requests.average,
    );
    return { one, two, ratio: two / one };
  };
  const ratios = limits.flatMap((limit) =>
    targets.map((target) => {
      const { one, two, ratio } = ratioOf(target, limit);
      return `| ${target.name} | ${limit === null ? 'none' : `${limit} core`} | ${Math.round(one)} | ${Math.round(two)} | ${ratio.toFixed(2)}x |`;
    }),
  );
  const readRatios = (limit) => targets.filter((target) => target.upstream === 'api').map((target) => ratioOf(target, limit).ratio);
  const figures = (limit) =>
    readRatios(limit)
      .map((ratio) => `${ratio.toFixed(2)}x`)
      .join(' and ');
  const unlimited = rows.filter((row) => row.limit === null);
  const ours = (row) => row.cpu.nginx + row.cpu.servers[0] + row.cpu.servers[1] + row.cpu.postgres + row.cpu.autocannon;
  const machineBusy = Math.min(...unlimited.map((row) => row.cpu.machine));
  const oursAtMost = Math.max(...unlimited.map(ours));
  const limitedVerdict =
    controller.reason !== undefined
      ? `The rows with a CPU quota were not run: ${controller.reason}.`
      : readRatios(QUOTA).every((ratio) => ratio >= 1.7)
        ? `With each server held to ${QUOTA} of a core, two API processes served ${figures(QUOTA)} the reads of one: the target is met.`
        : `With each server held to ${QUOTA} of a core, two API processes served ${figures(QUOTA)} the reads of one: the target is not met.`;
  const report = `# Cluster benchmark

Run by \`npm run bench:cluster\` (scripts/cluster/bench.mjs) on ${new Date().toISOString().slice(0, 10)}: autocannon at ${CONNECTIONS} connections
through the cluster's nginx (http://localhost:${CLUSTER_PORTS.proxy}), ${DURATION} s per row after a 2 s warm-up, first with one shell
server and one API process in nginx's upstreams, then with two of each: the same cluster, nginx's configuration
reloaded between the two. Then the same again with each shell server and API process under a CPU quota of ${QUOTA} of
a core (a control group of the kernel's CPU controller counted over 10 ms periods, as a container's CPU limit sets
one; BENCH_QUOTA).
Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, one-minute load average ${loadAtStart} at the start.

| what | instances | CPU quota per server | req/s | p50 ms | p99 ms | errors + timeouts | non-2xx | CPU nginx | CPU servers | CPU PostgreSQL | CPU autocannon | machine busy |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${table.join('\n')}

The CPU columns are each process's CPU time (with its children: nginx's workers, PostgreSQL's backends) over the run
divided by its length, 100% being one core; "servers" is the shell servers for the page and the API processes for the
reads, the first + the second. "machine busy" is the share of all ${cpus().length} cores not idle during the run (/proc/stat),
whoever used them.

| what | CPU quota per server | one of each, req/s | two of each, req/s | two / one |
|---|---|---:|---:|---:|
${ratios.join('\n')}

The target is two API processes serving reads at least 1.7x what one does. Without a quota this run measured
${figures(null)}. This machine has ${cpus().length} cores, and everything in a run shares them: nginx's workers, the servers
under test, PostgreSQL for the signed-in read, and autocannon itself, which spends CPU on every request it makes and
parses. The cores were at least ${pct(machineBusy)} busy in every row without a quota, the cluster's processes and autocannon
using at most ${pct(oursAtMost)} of one core together: a second API process there has no idle core to run on, so it takes its
time from the first, from nginx and from the load generator, and the ratio says more about the machine than about the
servers. Under a quota each server gets a fixed share, as an instance in production does (a container's or a VM's
CPU), and the cores left over run nginx, PostgreSQL and autocannon, so a second instance adds its own share.
${limitedVerdict} Errors, timeouts and non-2xx answers are counted, not hidden.
`;
  writeFileSync(RESULTS, report);
  console.log(`Written to ${RESULTS}`);
} finally {
  await cluster.stop();
}
