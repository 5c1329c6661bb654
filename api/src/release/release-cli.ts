import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { storeEnv } from '../../../scripts/release/config.mjs';
import type { ReleaseStoreConfig } from './release-files.ts';

const CLI = fileURLToPath(new URL('../../../scripts/release/cli.mjs', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface CliResult {
  /** 0 done, 1 refused or failed, 2 incompatible, 3 smoke check failed (see RELEASING.md). */
  code: number;
  output: string;
}

export type ReleaseCli = (args: string[], actor: string) => Promise<CliResult>;

/**
 * Runs `npm run release -- <args>` on the same releases, pointer and history the API reads (the files or the
 * database), so a change made from the dashboard or by the canary guard goes through the same checks, lock and
 * history as one typed in a terminal.
 */
export function releaseCli(config: ReleaseStoreConfig, env: NodeJS.ProcessEnv = process.env): ReleaseCli {
  const childEnv: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(storeEnv(config))) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  return (args, actor) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        cwd: REPO_ROOT,
        env: { ...childEnv, RELEASE_ACTOR: actor },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', (error) => resolve({ code: 1, output: error.message }));
      child.on('close', (code) => resolve({ code: code ?? 1, output: output.trim() }));
    });
}
