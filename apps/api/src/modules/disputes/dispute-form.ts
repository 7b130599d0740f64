import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createDisputeBody,
  DISPUTE_MAX_FILE_MB,
  DISPUTE_MAX_FILES,
  type CreateDisputeBody,
} from '@pawsy/contract';
import { validationError } from '../../plugins/errors.ts';
import { storeReencodedImage } from '../../lib/images.ts';
import { DOCUMENT_TYPES, readMultipart, removeUpload, type StoredFile } from '../../lib/uploads.ts';

export type EvidenceFile = Omit<StoredFile, 'field'>;
export type DisputeForm = {
  body: ReturnType<typeof createDisputeBody.parse>;
  files: EvidenceFile[];
};

/** Validates the dispute fields (JSON body or multipart fields); a 400 names every bad field. */
export function parseDisputeFields(input: unknown): DisputeForm['body'] {
  const fields = { ...((input ?? {}) as Record<string, unknown>) };
  // SPEC §3 names a message's booking `booking`; take that spelling here too.
  if (fields.bookingId === undefined && typeof fields.booking === 'string')
    fields.bookingId = fields.booking;
  const parsed = createDisputeBody.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues);
}

/**
 * POST /api/dispute/ as JSON or multipart: fields bookingId, reason, description and up to five
 * evidence files (JPEG, PNG or PDF by their bytes, ≤ 10 MB each). Photos are re-encoded so no
 * EXIF (GPS) survives; PDFs are kept as sent. Nothing stays on disk when the form is refused.
 */
export async function readDisputeForm(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<DisputeForm> {
  if (!request.isMultipart())
    return { body: parseDisputeFields(request.body as CreateDisputeBody), files: [] };
  const form = await readMultipart(request, app.storage, {
    maxFiles: DISPUTE_MAX_FILES,
    maxFileBytes: DISPUTE_MAX_FILE_MB * 1024 * 1024,
    allowedTypes: DOCUMENT_TYPES,
    fileFields: ['evidence', 'evidence[]', 'files', 'documents'],
  });
  const stored: EvidenceFile[] = [];
  try {
    const body = parseDisputeFields(form.fields);
    for (const file of form.files) {
      if (file.mime === 'application/pdf') {
        stored.push(file);
        continue;
      }
      const { name } = await storeReencodedImage(app.storage, file, DOCUMENT_TYPES);
      stored.push({ ...file, storedName: name, mime: 'image/webp' });
    }
    return { body, files: stored };
  } catch (err) {
    removeEvidence(app, [...form.files, ...stored]);
    throw err;
  }
}

export function removeEvidence(app: FastifyInstance, files: EvidenceFile[]): void {
  for (const f of files) removeUpload(app.storage, f.storedName);
}
