import type { FastifyInstance } from 'fastify';
import { withStartupLock } from './db/startup-lock.ts';
import { uploadsDir } from './lib/storage/index.ts';
import { seedDemoData, type DemoLogin } from './seed/index.ts';
import { startupHooks } from './startup-hooks.ts';

/**
 * Runs once after the app is built and before it listens: admin bootstrap, demo data; one
 * instance at a time when several start together on one database. A file store it cannot reach
 * stops a start that seeds demo data (its photos and documents are files) with a message naming
 * the store; any other start goes on with a warning (uploads answer 502, /readyz 503, until the
 * store is back).
 */
export async function runStartupTasks(app: FastifyInstance): Promise<DemoLogin[] | null> {
  const storeDown = await app.storage.probe().then(
    () => null,
    (err: unknown) => storeUnreachable(app, err),
  );
  if (storeDown && app.config.demoData) throw storeDown;
  if (storeDown) app.log.warn(storeDown.message);
  return withStartupLock(app.db, app.config.database.kind, async () => {
    for (const hook of startupHooks) await hook(app);
    if (!app.config.demoData) return null;
    return seedDemoData(app);
  });
}

/** Which store could not be reached, why, and what to check. */
function storeUnreachable(app: FastifyInstance, err: unknown): Error {
  const storage = app.config.storage;
  const cause = err instanceof Error ? err.message || err.name : String(err);
  const where =
    storage.kind === 's3'
      ? `the S3 bucket "${storage.bucket}"${storage.endpoint ? ` at ${storage.endpoint}` : ''} (STORAGE=s3)`
      : `${uploadsDir(app.config.dataDir)} (STORAGE=local)`;
  const check =
    storage.kind === 's3'
      ? 'check S3_ENDPOINT, S3_BUCKET, S3_REGION and the credentials, or start with STORAGE=local'
      : 'check that DATA_DIR is writable';
  return new Error(`The file store is unreachable: ${where}: ${cause}; ${check}.`, { cause: err });
}
