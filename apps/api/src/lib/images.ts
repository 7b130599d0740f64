import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from './app-error.ts';
import { withReencodeSlot } from './upload-limits.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from './storage/index.ts';
import { IMAGE_TYPES, removeUpload, sendUpload, typesInWords, type StoredFile } from './uploads.ts';

/** The upload's bytes, read back from the store (only inside a re-encode slot, so at most
 * MAX_CONCURRENT_REENCODES uploads are in memory for re-encoding at once). */
async function uploadBytes(store: FileStore, file: StoredFile): Promise<Buffer> {
  const bytes = await store.getBytes(file.storedName);
  if (!bytes) throw new Error('upload missing');
  return bytes;
}

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 800;
const THUMB_SIDE = 200;

/** The one decoder for every uploaded photo: bounded pixels, EXIF orientation applied. Whatever
 * is encoded from it carries no metadata (sharp drops EXIF/GPS unless asked to keep them). */
const decode = (input: Buffer) => sharp(input, { limitInputPixels: 50_000_000 }).rotate();

/** The 415 of an upload whose bytes claim a photo type but do not decode, naming what the route
 * takes (`accepts`, its upload rules' types: KYC documents take PDF but not WebP). */
const unreadableImage = (accepts: readonly string[]) =>
  new AppError(
    'UNSUPPORTED_MEDIA',
    `The image could not be read; upload a ${typesInWords(accepts)}`,
  );

/** The thumbnail's stored name, derived from the main image's (no extra column needed). */
export const thumbnailName = (storedName: string): string =>
  `${createHash('sha256').update(storedName).digest('hex').slice(0, 32)}.webp`;

/**
 * Re-encodes an uploaded photo as WebP: at most 800 px a side, plus a 200 px square thumbnail.
 * Re-encoding also drops EXIF (GPS positions in phone photos). The original upload is removed.
 * Returns the stored name of the main image; its thumbnail is `thumbnailName(name)`.
 */
export async function storeProfilePhoto(store: FileStore, file: StoredFile): Promise<string> {
  const main = `${createHash('sha256').update(`${file.storedName}:main`).digest('hex').slice(0, 32)}.webp`;
  try {
    const [full, thumb] = await withReencodeSlot(async () => {
      const image = decode(await uploadBytes(store, file));
      return Promise.all([
        image
          .clone()
          .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
        image
          .clone()
          .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover' })
          .webp({ quality: 78 })
          .toBuffer(),
      ]);
    });
    // Both complete in the store before the caller stores `main` in the database.
    await store.put(thumbnailName(main), thumb, 'image/webp');
    await store.put(main, full, 'image/webp');
  } catch {
    removeUpload(store, main);
    removeUpload(store, thumbnailName(main));
    throw unreadableImage(IMAGE_TYPES);
  } finally {
    removeUpload(store, file.storedName);
  }
  return main;
}

/**
 * Re-encodes any uploaded photo (a check-in, …) as one WebP of at most `maxSide` px a side, through
 * the same decoder as profile photos: EXIF, GPS and other metadata are dropped, orientation kept.
 * The original upload is removed. Returns the stored name (always `image/webp`) and its size.
 * `accepts` is what the route takes (its upload rules' types), named when the image is unreadable.
 */
export async function storeReencodedImage(
  store: FileStore,
  file: StoredFile,
  accepts: readonly string[],
  maxSide = 1600,
): Promise<{ name: string; size: number }> {
  const name = `${createHash('sha256').update(`${file.storedName}:reencoded`).digest('hex').slice(0, 32)}.webp`;
  let size = 0;
  try {
    const output = await withReencodeSlot(async () =>
      decode(await uploadBytes(store, file))
        .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    );
    await store.put(name, output, 'image/webp');
    size = output.length;
  } catch {
    removeUpload(store, name);
    throw unreadableImage(accepts);
  } finally {
    removeUpload(store, file.storedName);
  }
  return { name, size };
}

export function removeProfilePhoto(store: FileStore, storedName: string | null): void {
  if (!storedName) return;
  removeUpload(store, storedName);
  removeUpload(store, thumbnailName(storedName));
}

/**
 * Photo URLs stay the same when the photo changes, so browsers must revalidate: the stored name
 * is the ETag and a matching If-None-Match gets a 304 without reading the file.
 */
export async function sendPhoto(
  request: FastifyRequest,
  reply: FastifyReply,
  store: FileStore,
  storedName: string,
  mime: string,
): Promise<FastifyReply> {
  const etag = `"${storedName.replace(/\..*$/, '')}"`;
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) {
    return reply.status(304).header('cache-control', 'private, no-cache').send();
  }
  return sendUpload(reply, store, storedName, mime);
}

/** Route onSend hook: photos are cached only with revalidation (see sendPhoto). */
export async function photoCacheHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'private, no-cache');
}
