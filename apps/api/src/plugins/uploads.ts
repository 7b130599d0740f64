import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { HARD_MAX_BYTES } from '../lib/uploads.ts';
import { createFileStore, type FileStore } from '../lib/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (STORAGE: local disk or an S3-compatible bucket). */
    storage: FileStore;
  }
}

/**
 * Multipart parsing with hard limits, and the configured file store (app.storage); the helpers
 * that read and store files are in lib/uploads.ts.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const storage = await createFileStore(app.config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
  await app.register(multipart, {
    limits: { fileSize: HARD_MAX_BYTES, files: 5, fields: 60, fieldSize: 100_000, parts: 70 },
  });
}
