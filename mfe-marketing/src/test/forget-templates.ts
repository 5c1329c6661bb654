import { afterEach } from 'vitest';
import { forgetTemplates } from '../templates/use-templates.ts';

// The catalogues kept for moves live as long as the page; each test is a fresh visit.
afterEach(() => forgetTemplates());
