import { z } from 'zod';
import { boundedPageQuery, pageMeta, plainText, queryParam, userRef } from './common.ts';

/** One admin action concerning a member (audit log), before/after as the values that changed. */
export const auditEntry = z.object({
  _id: z.string(),
  actorId: z.string(),
  /** The admin's name at the time of reading (null when the account is gone). */
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  subjectUserId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const flagFilter = z.enum(['true', 'false']).transform((v) => v === 'true');

/** The longest search by name or email GET /api/admin/members takes. */
export const MEMBER_SEARCH_MAX = 100;

/** GET /api/admin/members: search by name or email, filter by role and flags, paged. */
export const memberListQuery = boundedPageQuery(20, {
  search: plainText('search', MEMBER_SEARCH_MAX).trim().optional(),
  role: queryParam(z.enum(['user', 'provider', 'admin']).optional()),
  is_verified: queryParam(flagFilter.optional()),
  KYC_verified: queryParam(flagFilter.optional()),
  is_paid: queryParam(flagFilter.optional()),
});
export type MemberListQuery = z.input<typeof memberListQuery>;

export const memberSummary = userRef.extend({
  email: z.string(),
  userType: z.enum(['user', 'provider', 'admin']),
  is_verified: z.boolean(),
  KYC_verified: z.boolean(),
  is_paid: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummary>;

export const memberListResponse = z.object({
  success: z.literal(true),
  data: z.array(memberSummary),
  meta: z.object(pageMeta),
});
export type MemberListResponse = z.infer<typeof memberListResponse>;

export const auditListQuery = boundedPageQuery(20, {});
/** What the catalogue history lists: changes to coupons or to packages (no member's). */
export const CATALOGUE_TARGETS = ['coupon', 'package'] as const;
export const catalogueAuditQuery = boundedPageQuery(20, {
  targetType: z.enum(CATALOGUE_TARGETS),
});
/** A page of a member's audit log, as the member detail embeds it. */
export const auditPage = z.object({
  data: z.array(auditEntry),
  meta: z.object(pageMeta),
});
export type AuditPage = z.infer<typeof auditPage>;
export const auditListResponse = auditPage.extend({ success: z.literal(true) });
export type AuditListResponse = z.infer<typeof auditListResponse>;

export const memberBooking = z.object({
  _id: z.string(),
  role: z.enum(['owner', 'provider']),
  service: z.string(),
  status: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  priceCents: z.number().nullable(),
  /** Of priceCents (the sitter's), null while the booking has no price. */
  currency: z.string().nullable(),
});
export type MemberBooking = z.infer<typeof memberBooking>;

/** GET /api/admin/members/{id}: everything the member page shows. */
export const memberDetail = z.object({
  member: memberSummary.extend({
    phone: z.string(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    bio: z.string().nullable(),
  }),
  bookings: z.array(memberBooking),
  kyc: z.object({ status: z.enum(['PENDING', 'Verified', 'Rejected', 'NOT_VERIFIED']) }),
  credits: z.object({ balance: z.number(), currency: z.string() }),
  audit: auditPage,
});
export type MemberDetail = z.infer<typeof memberDetail>;
export const memberDetailResponse = z.object({ success: z.literal(true), data: memberDetail });
export type MemberDetailResponse = z.infer<typeof memberDetailResponse>;
