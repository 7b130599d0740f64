import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, fieldErrors } from './app-error.ts';
import { TEMP_PREFIX } from './atomic-file.ts';
import type { FileStore } from './storage/index.ts';

export { uploadsDir } from './storage/index.ts';

export type StoredFile = {
  field: string;
  storedName: string;
  mime: string;
  size: number;
  originalName: string;
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

/** What a route checks while the body is read, so that nothing is received that will be refused. */
export type UploadChecks = {
  /** Runs before any of the body is read (checks that need no field, e.g. a 409 on state). */
  before?: () => Promise<void>;
  /** Runs on each text field as it arrives, before the files that follow it are read. */
  onField?: (name: string, value: string) => void | Promise<void>;
};

/** file-type needs at most this many leading bytes (its `reasonableDetectionSizeInBytes`). */
const SNIFF_BYTES = 4100;

/** A refused file, naming its form field in `errors` so a form can say it beside that field. */
const fileError = (code: 'TOO_LARGE' | 'UNSUPPORTED_MEDIA', message: string, field: string) =>
  new AppError(code, message, [{ path: field, message }]);

const tooLargeFile = (rules: UploadRules, field: string) =>
  fileError(
    'TOO_LARGE',
    `Each file must be at most ${Math.round(rules.maxFileBytes / 1024 / 1024)} MB`,
    field,
  );

async function typeOf(head: Buffer, rules: UploadRules, field: string) {
  const type = await fileTypeFromBuffer(head);
  if (!type || !rules.allowedTypes.includes(type.mime))
    throw fileError(
      'UNSUPPORTED_MEDIA',
      `File type not allowed; use ${typesInWords(rules.allowedTypes)}`,
      field,
    );
  return type;
}

/**
 * Receives one file part as a stream: its head is typed from the bytes before anything is written,
 * the rest goes chunk by chunk to a temp file (fsynced) that the store then takes whole, so at most
 * a chunk of it is in memory. null for an empty file; on any failure no temp file is left.
 */
async function receiveFile(
  part: MultipartFile,
  store: FileStore,
  rules: UploadRules,
): Promise<StoredFile | null> {
  const staged = path.join(
    await store.stagingDir(),
    `${TEMP_PREFIX}${randomBytes(8).toString('hex')}-upload`,
  );
  let handle: fs.promises.FileHandle | null = null;
  let head: Buffer[] | null = [];
  let size = 0;
  let type: Awaited<ReturnType<typeof typeOf>> | null = null;
  const startWriting = async () => {
    const bytes = Buffer.concat(head!);
    head = null;
    type = await typeOf(bytes, rules, part.fieldname);
    handle = await fs.promises.open(staged, 'wx');
    await handle.writeFile(bytes);
  };
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Refused at the limit, without reading the rest of the file.
      if (size > rules.maxFileBytes) throw tooLargeFile(rules, part.fieldname);
      if (head) {
        head.push(chunk);
        if (size >= SNIFF_BYTES) await startWriting();
      } else {
        await handle!.writeFile(chunk);
      }
    }
    // Cut at the plugin's hard limit (HARD_MAX_BYTES): the same answer as above.
    if (part.file.truncated) throw tooLargeFile(rules, part.fieldname);
    if (size === 0) return null;
    if (head) await startWriting();
    await handle!.sync();
    await handle!.close();
    handle = null;
    const found = type!;
    const storedName = `${randomBytes(16).toString('hex')}.${found.ext}`;
    // The file was fine; the store (S3 when configured) did not take it: a 502, not the
    // client's "malformed body", and logged by the error handler with its cause.
    await store.putFile(storedName, staged, found.mime).catch((cause: unknown) => {
      const refused = new AppError(
        'UPSTREAM',
        'The file could not be stored; please try again later',
      );
      refused.cause = cause;
      throw refused;
    });
    return {
      field: part.fieldname,
      storedName,
      mime: found.mime,
      size,
      originalName: part.filename.slice(0, 200),
    };
  } catch (err) {
    await (handle as fs.promises.FileHandle | null)?.close().catch(() => undefined);
    await fs.promises.rm(staged, { force: true });
    throw err;
  }
}

/**
 * Reads a multipart body: text fields as strings, files checked by their bytes (not the name or
 * the declared type) and put in the file store under a random name (a store never shows a partial
 * object under a name). Files are streamed to the store, never held whole in memory; `checks` run
 * before the body and on each field as it comes, so a refusal that needs no file reads none.
 * Anything that breaks a rule is a 4xx and nothing is left in the store.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: FileStore,
  rules: UploadRules,
  checks: UploadChecks = {},
): Promise<MultipartResult> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', 'Expected a multipart/form-data body');
  await checks.before?.();
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        // A browser sends every line break of a form field as CRLF (the HTML form-data rules),
        // where the text box counted and JSON sends one LF: stored and measured as LF, the same
        // text is the same length whichever way it came.
        const raw = typeof part.value === 'string' ? part.value : String(part.value);
        const value = raw.replace(/\r\n?/g, '\n');
        // The JSON rule (plugins/errors.ts): no text may hold NUL, on either engine.
        if (value.includes('\u0000'))
          throw new AppError(
            'VALIDATION',
            `${part.fieldname}: Text may not contain NUL characters`,
            fieldErrors(part.fieldname, 'Text may not contain NUL characters'),
          );
        fields[part.fieldname] = value;
        await checks.onField?.(part.fieldname, value);
        continue;
      }
      if (rules.fileFields && !rules.fileFields.includes(part.fieldname)) {
        await finished(part.file.resume()).catch(() => undefined);
        throw badRequest(`Unexpected file field "${part.fieldname}"`, part.fieldname);
      }
      if (files.length >= rules.maxFiles) {
        await finished(part.file.resume()).catch(() => undefined);
        const message =
          rules.maxFiles === 1 ? 'Send one file only' : `Send at most ${rules.maxFiles} files`;
        throw badRequest(message, part.fieldname);
      }
      const file = await receiveFile(part, store, rules);
      if (file) files.push(file);
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

/**
 * Streams a stored upload; callers check permission first. Names are only ever our random ones.
 * Never kept by the browser (identity documents, dispute evidence, check-in photos): on a shared
 * computer a cached copy would outlive the logout and be read back without asking the server.
 * Profile and pet photos revalidate instead (images.ts, sendPhoto).
 */
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
    .header('cache-control', 'private, no-store')
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
