import { afterEach } from 'vitest';
import { shellClient } from '../server-state/shell-client.ts';

// Each test's visit starts as a fresh page load: nothing read by the one before is in the shell's cache.
afterEach(() => shellClient.clear());
