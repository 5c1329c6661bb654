import { afterEach } from 'vitest';
import { forgetGeneratorQueries } from '../server-state/generator-queries.tsx';

// The browser's query cache lives as long as the page; each test is a fresh visit.
afterEach(() => forgetGeneratorQueries());
