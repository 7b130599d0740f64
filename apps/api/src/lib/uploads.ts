import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from './app-error.ts';

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

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Reads a multipart body: text fields as strings, files checked by their bytes (not the name or
 * the declared type) and stored under a random name. Anything that breaks a rule is a 4xx and
 * nothing is left on disk.
 */
export async function readMultipart(
  request: FastifyRequest,
  dataDir: string,
  rules: UploadRules,
): Promise<MultipartResult> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA', 'Expected a multipart/form-data body');
  const dir = uploadsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (rules.fileFields && !rules.fileFields.includes(part.fieldname)) {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}"`);
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
          `File type not allowed; use ${rules.allowedTypes.join(', ')}`,
        );
      }
      const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
      fs.writeFileSync(path.join(dir, storedName), buffer);
      files.push({
        field: part.fieldname,
        storedName,
        mime: type.mime,
        size: buffer.length,
        originalName: part.filename.slice(0, 200),
      });
    }
  } catch (err) {
    for (const f of files) fs.rmSync(path.join(dir, f.storedName), { force: true });
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

/** Streams a stored upload; callers check permission first. Names are only ever our random ones. */
export function sendUpload(
  reply: FastifyReply,
  dataDir: string,
  storedName: string,
  mime: string,
): FastifyReply {
  if (!/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/.test(storedName))
    throw new AppError('NOT_FOUND', 'File not found');
  const file = path.join(uploadsDir(dataDir), storedName);
  if (!fs.existsSync(file)) throw new AppError('NOT_FOUND', 'File not found');
  return reply
    .header('content-type', mime)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(file));
}

export function removeUpload(dataDir: string, storedName: string | null | undefined): void {
  if (storedName && /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/.test(storedName)) {
    fs.rmSync(path.join(uploadsDir(dataDir), storedName), { force: true });
  }
}
