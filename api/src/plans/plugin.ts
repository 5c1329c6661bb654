import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPlanRoutes } from './routes.ts';

/**
 * Plans (`/api/subscription/...`, `/api/user/subscription`): the catalogue, the subscription in force, buying or
 * changing a plan (within the checkouts allowance payments keeps) and cancelling.
 */
async function plans(app: FastifyInstance): Promise<void> {
  registerPlanRoutes(app, app.services, app.checkouts);
}

export default fp(plans, { name: 'plans', fastify: '5.x', dependencies: ['services', 'payments'] });
