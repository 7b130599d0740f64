import { z } from 'zod';
import {
  boundedPageQuery,
  fieldWords,
  id,
  pageMeta,
  pathId,
  queryParam,
  trimmedText,
  userRef,
} from './common.ts';
import { userSelf } from './auth.ts';

/** SPEC §9: a record starts PENDING; an admin's decision makes it Verified or Rejected. */
export const kycStatus = z.enum(['PENDING', 'Verified', 'Rejected']);
export type KycStatus = z.infer<typeof kycStatus>;

export const KYC_MAX_FILES = 5;
export const KYC_MAX_FILE_MB = 10;
export const KYC_TEXT_MAX = 2000;
export const KYC_MESSAGE_MAX = 2000;
export const KYC_REASON_MAX = 500;
/** The longest search by name or email GET /api/kyc takes. */
export const KYC_SEARCH_MAX = 100;
export const NO_KYC_RECORDS = 'No KYC records found';

/**
 * The person a record belongs to: an object with _id, with what the reviewer compares with the
 * documents (names, date of birth, the document's type and dates as the profile holds them).
 */
export const kycPerson = userRef.extend({
  email: z.string(),
  KYC_verified: z.boolean(),
  is_verified: z.boolean(),
  ...userSelf.pick({ dob: true, document_type: true, date_of_issue: true, date_of_expiry: true })
    .shape,
});

export const kycDocument = z.object({
  _id: z.string(),
  /** GET it with the session headers; served only to the owner and admins. */
  url: z.string(),
  mime: z.string(),
  name: z.string(),
  size: z.number().int(),
});
export type KycDocument = z.infer<typeof kycDocument>;

export const kycMessage = z.object({
  _id: z.string(),
  kycId: z.string(),
  text: z.string(),
  /** The sender's user id (always the caller who sent it). */
  sender: z.string(),
  senderRole: z.enum(['user', 'admin']),
  sentAt: z.string(),
});
export type KycMessage = z.infer<typeof kycMessage>;

export const kycRecord = z.object({
  _id: z.string(),
  userId: kycPerson,
  status: kycStatus,
  rejectionReason: z.string().nullable(),
  text: z.string(),
  documents: z.array(kycDocument),
  conversation: z.array(kycMessage),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KycRecord = z.infer<typeof kycRecord>;

export const kycRecordResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: kycRecord,
});
export const kycUserResponse = z.object({
  success: z.literal(true),
  /** Newest first; data[0] is the current record. */
  data: z.array(kycRecord),
});
/** A status filter in any case (`pending`, `VERIFIED`…) is read as the canonical one. */
const statusFilter = queryParam(
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? (kycStatus.options.find((o) => o.toLowerCase() === v.trim().toLowerCase()) ?? v)
        : v,
    kycStatus.optional(),
  ),
);

export const kycListQuery = boundedPageQuery(20, {
  status: statusFilter,
  search: z
    .string()
    .trim()
    .max(KYC_SEARCH_MAX, `search must be at most ${KYC_SEARCH_MAX} characters`)
    .optional(),
});
export type KycListQuery = z.infer<typeof kycListQuery>;
export const kycListResponse = z.object({
  success: z.literal(true),
  data: z.array(kycRecord),
  ...pageMeta,
});
export type KycListResponse = z.infer<typeof kycListResponse>;

/**
 * SPEC §5: "KYC submission requires a token and a user id, otherwise …": the 401 without a token
 * and the 400 without `userId` both say this.
 */
export const KYC_MISSING_CREDENTIALS = 'Missing authentication credentials or user ID';

/** Multipart text fields of POST /api/kyc (files come in `documents`); `userId` is required. */
export const kycSubmitFields = z.object({
  text: trimmedText()
    .max(KYC_TEXT_MAX, `Text must be at most ${KYC_TEXT_MAX} characters`)
    .default(''),
  userId: id,
  kycId: z
    .union([id, z.literal('')])
    .optional()
    .transform((v) => v || undefined),
});

export const kycVerifyBody = z.object({
  action: z
    .string()
    .trim()
    .min(1, 'action is required')
    .max(40, fieldWords.atMostChars('action', 40)),
  rejectionReason: trimmedText()
    .max(KYC_REASON_MAX, `Rejection reason must be at most ${KYC_REASON_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
  /**
   * Optional: the record and status the admin decided on (their screen's). Another admin's
   * decision or a resubmission since then is a 409, not silently overruled.
   */
  kycId: id.optional(),
  // In any letter case, as the dispute decision takes its statuses: "pending" is PENDING.
  expectedStatus: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? (kycStatus.options.find((s) => s.toLowerCase() === v.trim().toLowerCase()) ?? v)
          : v,
      kycStatus,
    )
    .optional(),
});
export type KycVerifyBody = z.input<typeof kycVerifyBody>;

export const kycSendMessageBody = z.object({
  kycId: id,
  text: trimmedText()
    .min(1, 'Message text is required')
    .max(KYC_MESSAGE_MAX, `Message must be at most ${KYC_MESSAGE_MAX} characters`),
  /** Ignored: the sender is always the caller. Accepted so the spec's clients can send it. */
  sender: z.unknown().optional(),
});
export type KycSendMessageBody = z.input<typeof kycSendMessageBody>;
export const kycMessageResponse = z.object({
  success: z.literal(true),
  data: kycMessage,
  conversation: z.array(kycMessage),
});

export const kycUserParams = z.object({ userId: pathId });
export const kycDocumentParams = z.object({ id: pathId, docId: pathId });
