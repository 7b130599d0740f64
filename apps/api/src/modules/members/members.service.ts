import type { FastifyInstance } from 'fastify';
import { toPageMeta, type MemberDetail, type MemberListResponse } from '@pawsy/contract';
import { listAuditForUser } from '../audit/index.ts';
import { CREDITS_CURRENCY, getBalance } from '../credits/index.ts';
import { kycStatusOf } from '../kyc/index.ts';
import { getUser } from '../users/index.ts';
import * as repo from './members.repository.ts';
import { toMemberBooking, toMemberProfile, toMemberSummary } from './members.mapper.ts';

/** The member page shows the latest bookings; the full history is on the bookings screens. */
const BOOKINGS_SHOWN = 20;

export async function listMembers(
  app: FastifyInstance,
  query: repo.MemberFilter & { page: number; limit: number },
): Promise<MemberListResponse> {
  const { page, limit, ...filter } = query;
  const [rows, total] = await Promise.all([
    repo.listMembers(app.db, filter, limit, (page - 1) * limit),
    repo.countMembers(app.db, filter),
  ]);
  return {
    success: true as const,
    data: rows.map(toMemberSummary),
    meta: toPageMeta(page, limit, total),
  };
}

/** One member for the admin: profile, latest bookings, KYC status, credits, audit history. */
export async function getMember(app: FastifyInstance, id: string): Promise<MemberDetail> {
  const row = await getUser(app.db, id);
  const [bookings, kyc, balance, audit] = await Promise.all([
    repo.listMemberBookings(app.db, id, BOOKINGS_SHOWN),
    kycStatusOf(app.db, id),
    getBalance(app.db, id),
    listAuditForUser(app, id, 1),
  ]);
  return {
    member: toMemberProfile(row),
    bookings: bookings.map((b) => toMemberBooking(b, id)),
    kyc: { status: kyc },
    credits: { balance, currency: CREDITS_CURRENCY },
    audit,
  };
}

/** A member's audit log page; 404 for an unknown member. */
export async function getMemberAudit(
  app: FastifyInstance,
  id: string,
  page: number,
  limit: number,
) {
  await getUser(app.db, id);
  return { success: true as const, ...(await listAuditForUser(app, id, page, limit)) };
}
