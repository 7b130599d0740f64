import type { FastifyInstance } from 'fastify';
import type { KycListQuery, KycRecord } from '@pawsy/contract';
import { NO_KYC_RECORDS, toPageMeta } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isAdmin, type AuthUser } from '../../plugins/auth.ts';
import * as repo from './kyc.repository.ts';
import { findPeople, listRecords } from './kyc-list.repository.ts';
import { toKycWire, type KycLoaded } from './kyc.mapper.ts';

/** Loads what a set of records shows (people, documents, conversation) in four queries. */
export async function toWires(
  app: FastifyInstance,
  rows: repo.KycRecordRow[],
): Promise<KycRecord[]> {
  const ids = rows.map((r) => r.id);
  const [people, documents, messages] = await Promise.all([
    findPeople(app.db, [...new Set(rows.map((r) => r.user_id))]),
    repo.findDocuments(app.db, ids),
    repo.findMessages(app.db, ids),
  ]);
  const loaded: KycLoaded = { people, documents, messages };
  return rows.map((r) => toKycWire(r, loaded));
}

export async function toWire(app: FastifyInstance, row: repo.KycRecordRow): Promise<KycRecord> {
  return (await toWires(app, [row]))[0]!;
}

/**
 * A record the caller may see: the owner's or, for admins, any. Someone else's answers 404, as
 * if it did not exist, so ids cannot be probed.
 */
export async function visibleRecord(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
): Promise<repo.KycRecordRow> {
  const row = await repo.findRecord(app.db, id);
  if (!row || (row.user_id !== caller.id && !isAdmin(caller))) throw notFound('KYC record');
  return row;
}

export async function getKyc(app: FastifyInstance, caller: AuthUser, id: string) {
  return toWire(app, await visibleRecord(app, caller, id));
}

/**
 * A user's records, newest first: the owner's own, or any user's for admins. Another user's
 * records are ones the caller may not see, so they answer as none (DESIGN §4: 404).
 */
export async function getUserKyc(app: FastifyInstance, caller: AuthUser, userId: string) {
  if (userId !== caller.id && !isAdmin(caller)) throw new AppError('NOT_FOUND', NO_KYC_RECORDS);
  const rows = await repo.listUserRecords(app.db, userId);
  if (rows.length === 0) throw new AppError('NOT_FOUND', NO_KYC_RECORDS);
  return toWires(app, rows);
}

/** Admins: records by status and search (name or email), most recently changed first. */
export async function listKyc(app: FastifyInstance, query: KycListQuery) {
  const { rows, total } = await listRecords(
    app.db,
    { status: query.status, search: query.search || undefined },
    query.page,
    query.limit,
  );
  return { data: await toWires(app, rows), ...toPageMeta(query.page, query.limit, total) };
}

/** The status the dashboard shows: the newest record's, or NOT_VERIFIED without any. */
export async function kycStatusOf(
  db: DbOrTrx,
  userId: string,
): Promise<'PENDING' | 'Verified' | 'Rejected' | 'NOT_VERIFIED'> {
  return (await repo.latestStatus(db, userId)) ?? 'NOT_VERIFIED';
}

/** Whether the user has a record waiting for review. */
export async function hasPendingKyc(db: DbOrTrx, userId: string): Promise<boolean> {
  return (await repo.findPendingRecordId(db, userId)) !== undefined;
}
