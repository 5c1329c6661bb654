// A CPU quota for a running process and everything under it, the way a container's CPU limit is set: a control group
// of the kernel's CPU controller (version 1, as on this machine, or the unified version 2) with a share of a core per
// period. The cluster's bench puts each shell server and API process under one, so one instance and two can be
// compared on a machine whose few cores are shared with the proxy, the database and the load generator. Needs root.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processTable, processTree } from './processes.mjs';

/**
 * The period a quota is counted over. A short one: with the kernel's default of 100 ms, a busy group runs its 40 ms
 * and then waits 60, and two groups made together wait at the same time, so the proxy has no server to send to for
 * most of each period (two instances measured 1.37x one that way, 1.87x with 10 ms periods on the same machine).
 */
const PERIOD_US = 10_000;
const V1 = '/sys/fs/cgroup/cpu';
const V2 = '/sys/fs/cgroup';

/** Where this machine's CPU controller is, or why there is none to use. */
export function cpuController() {
  if (process.getuid?.() !== 0) return { reason: 'setting a CPU quota needs root' };
  if (existsSync(join(V1, 'cpu.cfs_quota_us'))) return { version: 1, root: V1 };
  if (existsSync(join(V2, 'cgroup.controllers')) && readFileSync(join(V2, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu')) {
    return { version: 2, root: V2 };
  }
  return { reason: 'no CPU controller of the kernel is mounted under /sys/fs/cgroup' };
}

/**
 * Groups named `${prefix}-<name>`, each holding processes under a quota. `limit(name, pid, cores)` moves the process
 * and its descendants into its group with that many cores' worth of CPU time per period (0.4: 4 ms of every 10);
 * `releaseAll()` moves every process back to the top group and removes the groups.
 */
export function cpuQuotas(controller, prefix) {
  const made = [];
  // Version 2 gives a group's children the controller only when the group hands it down.
  if (controller.version === 2) writeFileSync(join(controller.root, 'cgroup.subtree_control'), '+cpu');
  const groupOf = (name) => join(controller.root, `${prefix}-${name}`);
  return {
    limit(name, pid, cores) {
      const group = groupOf(name);
      if (!existsSync(group)) {
        mkdirSync(group);
        made.push(group);
      }
      const quota = Math.round(cores * PERIOD_US);
      if (controller.version === 1) {
        writeFileSync(join(group, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(join(group, 'cpu.cfs_quota_us'), String(quota));
      } else {
        writeFileSync(join(group, 'cpu.max'), `${quota} ${PERIOD_US}`);
      }
      for (const member of processTree(processTable(), pid)) {
        try {
          writeFileSync(join(group, 'cgroup.procs'), String(member));
        } catch (error) {
          // One that ended meanwhile has nothing to limit.
          if (error.code !== 'ESRCH') throw error;
        }
      }
    },
    releaseAll() {
      for (const group of made.splice(0)) {
        const members = readFileSync(join(group, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean);
        for (const member of members) {
          try {
            writeFileSync(join(controller.root, 'cgroup.procs'), member);
          } catch (error) {
            if (error.code !== 'ESRCH') throw error;
          }
        }
        rmdirSync(group);
      }
    },
  };
}
