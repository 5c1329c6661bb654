// The machine's processes as /proc lists them: what the cluster's bench reads for each process's CPU time and what
// its CPU quotas move into a control group.
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Every process's parent and the CPU seconds it and its ended children used so far. */
export function processTable() {
  const table = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // After the name: state, ppid, ..., utime, stime, cutime, cstime (the 12th to 15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
      table.set(Number(name), { ppid: Number(fields[1]), seconds: ticks / TICKS_PER_SECOND });
    } catch {
      // Ended meanwhile.
    }
  }
  return table;
}

/** A process and everything under it (nginx's workers, PostgreSQL's backends), in a table of processTable's. */
export function processTree(table, root) {
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) for (const [child, { ppid }] of table) if (ppid === tree[index]) tree.push(child);
  return tree;
}
