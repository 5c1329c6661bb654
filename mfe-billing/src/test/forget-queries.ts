import { afterEach } from 'vitest';
import { forgetBillingQueries } from '../server-state/billing-queries.tsx';

// The browser's query cache lives as long as the page; each test is a fresh visit.
afterEach(() => forgetBillingQueries());
