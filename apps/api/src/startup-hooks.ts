import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from './config-network.ts';
import { sweepTempFiles } from './lib/atomic-file.ts';
import { uploadsDir } from './lib/uploads.ts';
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
  async (app) => {
    // Temp files of uploads a crash interrupted (never referenced by the database).
    if (app.storage.kind !== 'local') return;
    const removed = await sweepTempFiles(uploadsDir(app.config.dataDir));
    if (removed > 0) app.log.info(`removed ${removed} temp upload file(s) left by a crash`);
  },
];
