import type { FastifyInstance } from 'fastify';
import { withStartupLock } from './db/startup-lock.ts';
import { seedDemoData, type DemoLogin } from './seed/index.ts';
import { startupHooks } from './startup-hooks.ts';

/**
 * Runs once after the app is built and before it listens: admin bootstrap, demo data; one
 * instance at a time when several start together on one database.
 */
export async function runStartupTasks(app: FastifyInstance): Promise<DemoLogin[] | null> {
  return withStartupLock(app.db, app.config.database.kind, async () => {
    for (const hook of startupHooks) await hook(app);
    if (!app.config.demoData) return null;
    return seedDemoData(app);
  });
}
