import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from './config.ts';
import { DEMO_ADMIN } from './seed/users.seed.ts';
import { ensureAdmin, refuseDemoAdminPassword } from './modules/auth/admin-bootstrap.ts';
import { ensureProviderLocationIndex } from './modules/sitters/index.ts';

/** Tasks every start-up runs before demo data. */
export const startupHooks: ((app: FastifyInstance) => Promise<void>)[] = [
  async (app) => {
    if (app.config.admin) await ensureAdmin(app, app.config.admin.email, app.config.admin.password);
  },
  async (app) => {
    if (isLoopbackHost(app.config.host)) return;
    await refuseDemoAdminPassword(app, DEMO_ADMIN);
  },
  async (app) => {
    if (await ensureProviderLocationIndex(app.db))
      app.log.info('rebuilt the provider location index');
  },
];
