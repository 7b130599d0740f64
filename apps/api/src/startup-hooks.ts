import type { FastifyInstance } from 'fastify';
import { ensureAdmin } from './modules/auth/admin-bootstrap.ts';

/** Tasks every start-up runs before demo data. */
export const startupHooks: ((app: FastifyInstance) => Promise<void>)[] = [
  async (app) => {
    if (app.config.admin) await ensureAdmin(app, app.config.admin.email, app.config.admin.password);
  },
];
