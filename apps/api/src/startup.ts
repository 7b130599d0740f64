import type { FastifyInstance } from 'fastify';
import { seedDemoData, type DemoLogin } from './seed/index.ts';
import { startupHooks } from './startup-hooks.ts';

/** Runs once after the app is built and before it listens: admin bootstrap, demo data. */
export async function runStartupTasks(app: FastifyInstance): Promise<DemoLogin[] | null> {
  for (const hook of startupHooks) await hook(app);
  if (!app.config.demoData) return null;
  return seedDemoData(app);
}
