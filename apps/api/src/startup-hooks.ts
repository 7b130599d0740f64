import type { FastifyInstance } from 'fastify';
import { ensureAdmin } from './modules/auth/admin-bootstrap.ts';
import { ensureProviderLocationIndex } from './modules/users/provider-locations.ts';

/** Tasks every start-up runs before demo data. */
export const startupHooks: ((app: FastifyInstance) => Promise<void>)[] = [
  async (app) => {
    if (app.config.admin) await ensureAdmin(app, app.config.admin.email, app.config.admin.password);
  },
  async (app) => {
    if (await ensureProviderLocationIndex(app.db))
      app.log.info('rebuilt the provider location index');
  },
];
