import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { HARD_MAX_BYTES } from '../lib/uploads.ts';

/** Multipart parsing with hard limits; the helpers that read and store files are in lib/uploads.ts. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: HARD_MAX_BYTES, files: 5, fields: 60, fieldSize: 100_000, parts: 70 },
  });
}
