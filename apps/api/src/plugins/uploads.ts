import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { HARD_MAX_BYTES } from '../lib/uploads.ts';
import { createFileStore, type FileStore } from '../lib/storage/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live (STORAGE: local disk or an S3-compatible bucket). */
    storage: FileStore;
  }
}

/** The configured file store (app.storage); the helpers that read and store files are in lib/uploads.ts. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const storage = await createFileStore(app.config);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close());
}

/**
 * `routes` in a context of their own that reads multipart/form-data bodies, with hard limits.
 * @fastify/multipart hooks every route of the context it is registered in (an async onRequest that
 * watches the socket close, an async onResponse that removes saved files), so it is registered
 * around the routes that take uploads only: every other request is spared two promises and a
 * listener, and a multipart body sent to a route that takes none is refused with 415.
 */
export const withUploads =
  (routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: HARD_MAX_BYTES, files: 5, fields: 60, fieldSize: 100_000, parts: 70 },
    });
    await app.register(routes);
  };
