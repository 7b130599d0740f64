import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside the commit that
 * crosses its threshold: every few dozen bookings one request copied ~1 000 pages into the
 * database file and waited for two fsyncs (about half of all commit time under steady writes).
 * Here a worker thread with its own connection runs a PASSIVE checkpoint every INTERVAL_MS: it
 * never blocks the writer or readers (SQLite's own locking keeps the two connections apart), and
 * the writer restarts the WAL from its start once everything is copied. The main connection keeps
 * an automatic checkpoint at a much larger threshold as a backstop, so the WAL stays bounded even
 * if the worker falls behind or stops.
 */

/** How often the worker checkpoints (ms). */
const INTERVAL_MS = 100;
/** The main connection's own checkpoint threshold (pages) while a worker checkpoints. */
export const BACKSTOP_PAGES = 10_000;

const source = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  // A failed round (the database busy with a backup, say) is simply tried again next time.
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Starts checkpointing `file` (a WAL database) from a worker thread. The worker never keeps the
 * process alive on its own (no listener on its port, unreferenced); stop() ends it.
 */
export function startCheckpointer(file: string, driverModule: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve(driverModule);
  const worker = new Worker(source, {
    eval: true,
    workerData: { file, driver, intervalMs: INTERVAL_MS },
  });
  worker.unref();
  // A worker that cannot start (no such driver) leaves the server's own backstop checkpoints.
  worker.on('error', () => {});
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Referenced again while it winds down: awaiting an unreferenced worker's exit would let
      // the process end right here, as if the caller's await had simply stopped.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
