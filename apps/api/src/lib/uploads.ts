import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, fieldErrors } from './app-error.ts';
import type { FileStore } from './storage/index.ts';

export { uploadsDir } from './storage/index.ts';

export type StoredFile = {
  field: string;
  storedName: string;
  mime: string;
  size: number;
  originalName: string;
  /** The bytes as received, so a re-encode need not read them back from the store. */
  bytes?: Buffer;
};
export type MultipartResult = { fields: Record<string, string>; files: StoredFile[] };
export type UploadRules = {
  maxFiles: number;
  maxFileBytes: number;
  allowedTypes: readonly string[];
  fileFields?: readonly string[];
};

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

export const HARD_MAX_BYTES = 10 * 1024 * 1024;

const TYPE_NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** The types a route accepts as people name them: "JPEG, PNG or PDF". Every upload message uses it. */
export function typesInWords(types: readonly string[]): string {
  const names = types.map((t) => TYPE_NAMES[t] ?? t);
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
    : (names[0] ?? '');
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
};

/**
 * The uploader's file name with the extension of the type found in its bytes (`ok.exe` holding a
 * PDF is kept as `ok.pdf`), so a download never offers one type under another's name; `fallback`
 * when the upload had no name.
 */
export function nameForType(originalName: string, mime: string, fallback: string): string {
  const base = (originalName || fallback).replace(/\.[^.]*$/, '') || fallback;
  return `${base}${EXTENSIONS[mime] ?? ''}`;
}

/** A Content-Disposition value offering `name` (ASCII fallback plus the RFC 6266 UTF-8 form). */
export function dispositionFor(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Reads a multipart body: text fields as strings, files checked by their bytes (not the name or
 * the declared type) and put in the file store under a random name (a store never shows a partial
 * object under a name). Anything that breaks a rule is a 4xx and nothing is left in the store.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: FileStore,
  rules: UploadRules,
): Promise<MultipartResult> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', 'Expected a multipart/form-data body');
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        // The JSON rule (plugins/errors.ts): no text may hold NUL, on either engine.
        if (value.includes('\u0000'))
          throw new AppError(
            'VALIDATION',
            `${part.fieldname}: Text may not contain NUL characters`,
            fieldErrors(part.fieldname, 'Text may not contain NUL characters'),
          );
        fields[part.fieldname] = value;
        continue;
      }
      if (rules.fileFields && !rules.fileFields.includes(part.fieldname)) {
        await part.toBuffer().catch(() => undefined);
        throw badRequest(`Unexpected file field "${part.fieldname}"`, part.fieldname);
      }
      if (files.length >= rules.maxFiles)
        throw new AppError('TOO_LARGE', `At most ${rules.maxFiles} file(s) allowed`);
      const buffer = await part.toBuffer();
      if (buffer.length === 0) continue;
      if (buffer.length > rules.maxFileBytes) {
        throw new AppError(
          'TOO_LARGE',
          `Each file must be at most ${Math.round(rules.maxFileBytes / 1024 / 1024)} MB`,
        );
      }
      const type = await fileTypeFromBuffer(buffer);
      if (!type || !rules.allowedTypes.includes(type.mime)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA',
          `File type not allowed; use ${typesInWords(rules.allowedTypes)}`,
        );
      }
      const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
      await store.put(storedName, buffer, type.mime);
      files.push({
        field: part.fieldname,
        storedName,
        mime: type.mime,
        size: buffer.length,
        originalName: part.filename.slice(0, 200),
        bytes: buffer,
      });
    }
  } catch (err) {
    for (const f of files) removeUpload(store, f.storedName);
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_FILES_LIMIT' ||
      code === 'FST_PARTS_LIMIT' ||
      code === 'FST_FIELDS_LIMIT'
    ) {
      throw new AppError('TOO_LARGE', 'Upload is too large or has too many parts');
    }
    throw new AppError('BAD_REQUEST', 'Malformed multipart body');
  }
  return { fields, files };
}

const STORED_NAME = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;

/** Streams a stored upload; callers check permission first. Names are only ever our random ones. */
export async function sendUpload(
  reply: FastifyReply,
  store: FileStore,
  storedName: string,
  mime: string,
): Promise<FastifyReply> {
  if (!STORED_NAME.test(storedName)) throw new AppError('NOT_FOUND', 'File not found');
  const object = await store.get(storedName);
  if (!object) throw new AppError('NOT_FOUND', 'File not found');
  if (object.size !== null) reply.header('content-length', object.size);
  return reply
    .header('content-type', mime)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(object.body);
}

/**
 * Removes a stored upload without waiting (local disk: already gone on return); a failed remote
 * delete leaves an unreferenced object, never a dangling reference, so it is only logged away.
 */
export function removeUpload(store: FileStore, storedName: string | null | undefined): void {
  if (storedName && STORED_NAME.test(storedName)) {
    store.delete(storedName).catch(() => undefined);
  }
}
