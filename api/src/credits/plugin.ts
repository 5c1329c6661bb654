import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCreditRoutes } from './routes.ts';

/** The credits ledger as its owner sees it (`/api/user/credits/...`): the balance, the history, spends and refunds. */
async function credits(app: FastifyInstance): Promise<void> {
  registerCreditRoutes(app, app.services);
}

export default fp(credits, { name: 'credits', fastify: '5.x', dependencies: ['services'] });
