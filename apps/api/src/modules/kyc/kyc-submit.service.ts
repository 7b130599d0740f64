import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  KYC_MAX_FILES,
  KYC_MAX_FILE_MB,
  KYC_MISSING_CREDENTIALS,
  kycSubmitFields,
  type KycRecord,
} from '@pawsy/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { storeReencodedImage } from '../../lib/images.ts';
import {
  DOCUMENT_TYPES,
  nameForType,
  readMultipart,
  removeUpload,
  type StoredFile,
} from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { validationError } from '../../plugins/errors.ts';
import type { KycDocumentsTable } from '../../db/schema.ts';
import * as repo from './kyc.repository.ts';
import { toWire } from './kyc.service.ts';
import type { FileStore } from '../../lib/storage/index.ts';

const DOCUMENT_RULES = {
  maxFiles: KYC_MAX_FILES,
  maxFileBytes: KYC_MAX_FILE_MB * 1024 * 1024,
  allowedTypes: DOCUMENT_TYPES,
  fileFields: ['documents'],
} as const;

/** ID photos must stay legible, so they keep more pixels than check-in photos. */
const DOCUMENT_IMAGE_SIDE = 2400;

/**
 * Images are re-encoded (which drops EXIF, GPS included) and stored as WebP; PDFs are kept as
 * uploaded (their type was checked from the bytes). On failure nothing stays in the store.
 */
async function storeDocuments(store: FileStore, files: StoredFile[]) {
  const stored: { name: string; mime: string; size: number; originalName: string }[] = [];
  try {
    for (const file of files) {
      // The name follows the stored type, so a download opens with the right application.
      if (file.mime === 'application/pdf') {
        const originalName = nameForType(file.originalName, file.mime, 'document');
        stored.push({ name: file.storedName, mime: file.mime, size: file.size, originalName });
      } else {
        const { name, size } = await storeReencodedImage(
          store,
          file,
          DOCUMENT_RULES.allowedTypes,
          DOCUMENT_IMAGE_SIDE,
        );
        const originalName = nameForType(file.originalName, 'image/webp', 'document');
        stored.push({ name, mime: 'image/webp', size, originalName });
      }
    }
  } catch (err) {
    for (const s of stored) removeUpload(store, s.name);
    for (const f of files) removeUpload(store, f.storedName);
    throw err;
  }
  return stored;
}

function parseFields(fields: Record<string, string>) {
  const parsed = kycSubmitFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error.issues);
}

const ALREADY_VERIFIED = 'This KYC record is already verified';
const NOT_YOURS = 'You can only submit KYC documents for yourself';
const UNDER_REVIEW =
  'Your documents are being reviewed; you can send new ones if they are not accepted';

/** A resubmission names one of the caller's own records that is not verified (404, 409). */
async function assertReopenable(app: FastifyInstance, caller: AuthUser, kycId: string) {
  const existing = await repo.findRecord(app.db, kycId);
  if (!existing || existing.user_id !== caller.id) throw notFound('KYC record');
  if (existing.status === 'Verified') throw conflict(ALREADY_VERIFIED);
}

/**
 * POST /api/kyc: 1–5 documents and a note, for the caller only. With `kycId` the caller's own
 * rejected record is reopened (PENDING again, its documents replaced); without it a new record
 * starts. While one of theirs waits for review nothing is taken (409): the documents an admin
 * opened are the ones the decision applies to, and a member holds one place in the queue.
 */
export async function submitKyc(
  app: FastifyInstance,
  caller: AuthUser,
  request: FastifyRequest,
): Promise<KycRecord> {
  const store = app.storage;
  const { fields, files } = await readMultipart(request, store, DOCUMENT_RULES, {
    // Refusals that need no document come before any is received (the web client sends its
    // fields first): 50 MB of documents were read only to answer 409 or 403.
    before: async () => {
      if (await repo.findPendingRecordId(app.db, caller.id)) throw conflict(UNDER_REVIEW);
    },
    onField: async (name, value) => {
      if (name === 'userId') {
        const userId = kycSubmitFields.shape.userId.safeParse(value);
        if (userId.success && userId.data !== caller.id) throw forbidden(NOT_YOURS);
      } else if (name === 'kycId') {
        const kycId = kycSubmitFields.shape.kycId.safeParse(value);
        if (kycId.success && kycId.data) await assertReopenable(app, caller, kycId.data);
      }
    },
  });
  let stored: Awaited<ReturnType<typeof storeDocuments>> = [];
  let replaced: KycDocumentsTable[] = [];
  let done = false;
  try {
    // SPEC §5: the submission names its user; it must be the caller.
    if (!fields.userId?.trim()) throw badRequest(KYC_MISSING_CREDENTIALS, 'userId');
    const input = parseFields(fields);
    if (input.userId !== caller.id) throw forbidden(NOT_YOURS);
    if (files.length === 0)
      throw badRequest('Upload at least one document (JPEG, PNG or PDF)', 'documents');
    if (input.kycId) await assertReopenable(app, caller, input.kycId);
    // Checked before the files are re-encoded, and again in the transaction that writes.
    if (await repo.findPendingRecordId(app.db, caller.id)) throw conflict(UNDER_REVIEW);
    stored = await storeDocuments(store, files);
    const now = nowIso();
    const kycId = input.kycId ?? newId();
    // kyc_records_one_pending_idx settles two submissions racing past that check (PostgreSQL).
    await app.db
      .transaction()
      .execute(async (trx) => {
        if (await repo.findPendingRecordId(trx, caller.id)) throw conflict(UNDER_REVIEW);
        if (input.kycId) {
          if (!(await repo.reopenRecord(trx, kycId, input.text, now)))
            throw conflict(ALREADY_VERIFIED);
          replaced = await repo.deleteDocumentsOf(trx, kycId);
        } else {
          await repo.insertRecord(trx, {
            id: kycId,
            user_id: caller.id,
            status: 'PENDING',
            text: input.text,
            rejection_reason: null,
            reviewed_by: null,
            created_at: now,
            updated_at: now,
          });
        }
        await repo.insertDocuments(
          trx,
          stored.map((s) => ({
            id: newId(),
            kyc_id: kycId,
            stored_name: s.name,
            mime: s.mime,
            size: s.size,
            original_name: s.originalName.slice(0, 200),
            created_at: now,
          })),
        );
      })
      .catch((err: unknown) => {
        throw repo.isUniqueViolation(err) ? conflict(UNDER_REVIEW) : err;
      });
    done = true;
    for (const d of replaced) removeUpload(store, d.stored_name);
    return toWire(app, (await repo.findRecord(app.db, kycId))!);
  } finally {
    if (!done) {
      for (const s of stored) removeUpload(store, s.name);
      for (const f of files) removeUpload(store, f.storedName);
    }
  }
}
