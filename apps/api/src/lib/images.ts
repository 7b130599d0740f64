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

/** The one decoder for every uploaded photo: bounded pixels, EXIF orientation applied. Whatever
 * is encoded from it carries no metadata (sharp drops EXIF/GPS unless asked to keep them). */
const decode = (input: Buffer) => sharp(input, { limitInputPixels: 50_000_000 }).rotate();

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
    const image = decode(input);
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

/**
 * Re-encodes any uploaded photo (a check-in, …) as one WebP of at most `maxSide` px a side, through
 * the same decoder as profile photos: EXIF, GPS and other metadata are dropped, orientation kept.
 * The original upload is removed. Returns the stored name (always `image/webp`).
 */
export async function storeReencodedImage(
  dataDir: string,
  file: StoredFile,
  maxSide = 1600,
): Promise<string> {
  const dir = uploadsDir(dataDir);
  const name = `${createHash('sha256').update(`${file.storedName}:reencoded`).digest('hex').slice(0, 32)}.webp`;
  try {
    const input = await fs.promises.readFile(path.join(dir, file.storedName));
    await decode(input)
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toFile(path.join(dir, name));
  } catch {
    removeUpload(dataDir, name);
    throw new AppError(
      'UNSUPPORTED_MEDIA',
      'The image could not be read; upload a JPEG, PNG or WebP',
    );
  } finally {
    removeUpload(dataDir, file.storedName);
  }
  return name;
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
