import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { HARD_MAX_BYTES } from '../lib/uploads.ts';
import { holdUploadSlot } from '../lib/upload-limits.ts';
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
 * Every handler there runs a multipart request as one of the caller's uploads in flight
 * (`holdUploadSlot`: 429 past MAX_UPLOADS_PER_USER, before any of the body is read), so no upload
 * route can leave the limit out. The slot is held until the handler settles, re-encoding included.
 * @fastify/multipart hooks every route of the context it is registered in (an async onRequest that
 * watches the socket close, an async onResponse that removes saved files), so it is registered
 * around the routes that take uploads only: every other request is spared two promises and a
 * listener, and a multipart body sent to a route that takes none is refused with 415.
 */
export const withUploads =
  (routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      // One file more than any route takes (5), so the route's own count refuses it by name (400
      // on the field); a body past that is cut off as too large.
      limits: { fileSize: HARD_MAX_BYTES, files: 6, fields: 60, fieldSize: 100_000, parts: 70 },
    });
    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request, reply) {
        const caller = request.authUser;
        if (!caller || !request.isMultipart()) return handler.call(this, request, reply);
        return holdUploadSlot(caller.id, async () => handler.call(this, request, reply));
      };
    });
    await app.register(routes);
  };
