import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from './app-error.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { removeUpload, sendUpload, uploadsDir, type StoredFile } from './uploads.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 800;
const THUMB_SIDE = 200;

/** The thumbnail's stored name, derived from the main image's (no extra column needed). */
export const thumbnailName = (storedName: string): string =>
  `${createHash('sha256').update(storedName).digest('hex').slice(0, 32)}.webp`;

/**
 * Re-encodes an uploaded photo as WebP: at most 800 px a side, plus a 200 px square thumbnail.
 * Re-encoding also drops EXIF (GPS positions in phone photos). The original upload is removed.
 * Returns the stored name of the main image; its thumbnail is `thumbnailName(name)`.
 */
export async function storeProfilePhoto(dataDir: string, file: StoredFile): Promise<string> {
  const dir = uploadsDir(dataDir);
  const source = path.join(dir, file.storedName);
  const main = `${createHash('sha256').update(`${file.storedName}:main`).digest('hex').slice(0, 32)}.webp`;
  try {
    const input = await fs.promises.readFile(source);
    const image = sharp(input, { limitInputPixels: 50_000_000 }).rotate();
    await image
      .clone()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(path.join(dir, main));
    await image
      .clone()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' })
      .webp({ quality: 78 })
      .toFile(path.join(dir, thumbnailName(main)));
  } catch {
    removeUpload(dataDir, main);
    removeUpload(dataDir, thumbnailName(main));
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      'The image could not be read; upload a JPEG, PNG or WebP',
    );
  } finally {
    removeUpload(dataDir, file.storedName);
  }
  return main;
}

export function removeProfilePhoto(dataDir: string, storedName: string | null): void {
  if (!storedName) return;
  removeUpload(dataDir, storedName);
  removeUpload(dataDir, thumbnailName(storedName));
}

/**
 * Photo URLs stay the same when the photo changes, so browsers must revalidate: the stored name
 * is the ETag and a matching If-None-Match gets a 304 without reading the file.
 */
export function sendPhoto(
  request: FastifyRequest,
  reply: FastifyReply,
  dataDir: string,
  storedName: string,
  mime: string,
): FastifyReply {
  const etag = `"${storedName.replace(/\..*$/, '')}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) {
    return reply.status(304).header('cache-control', 'private, no-cache').send();
  }
  return sendUpload(reply, dataDir, storedName, mime);
}

/** Route onSend hook: photos are cached only with revalidation (see sendPhoto). */
export async function photoCacheHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'private, no-cache');
}
