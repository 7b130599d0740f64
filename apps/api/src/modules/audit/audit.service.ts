import type { FastifyInstance } from 'fastify';
import { toPageMeta, type AuditEntry } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { countAudit, insertAuditEntry, listAudit, type AuditFilter } from './audit.repository.ts';
import { toAuditEntry } from './audit.mapper.ts';

export const AUDIT_PAGE_SIZE = 20;

export interface AdminActionEntry {
  actorId: string;
  /** Dotted verb, e.g. 'user.flags', 'credits.grant', 'kyc.decision', 'dispute.status'. */
  action: string;
  targetType: string;
  targetId: string;
  /** The member the action concerns (shown on their page), or null (e.g. a coupon). */
  subjectUserId: string | null;
  before: unknown;
  after: unknown;
  /** When it happened; now unless given (the demo seed writes a history). */
  at?: string;
}

/**
 * Writes one audit row. Takes `db | trx` so a caller records inside the transaction of the change
 * itself: the change and its audit row commit or roll back together.
 */
export async function recordAdminAction(db: DbOrTrx, entry: AdminActionEntry): Promise<void> {
  await insertAuditEntry(db, {
    id: newId(),
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    subject_user_id: entry.subjectUserId,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    created_at: entry.at ?? nowIso(),
  });
}

/**
 * An admin's change to something no member owns (a coupon, a package): the action names its
 * target type before the dot ('coupon.update' targets a 'coupon').
 */
export function recordCatalogueChange(
  db: DbOrTrx,
  actorId: string,
  action: string,
  targetId: string,
  before: unknown,
  after: unknown,
): Promise<void> {
  const targetType = action.slice(0, action.indexOf('.'));
  return recordAdminAction(db, {
    actorId,
    action,
    targetType,
    targetId,
    subjectUserId: null,
    before,
    after,
  });
}

type AuditPageOut = { data: AuditEntry[]; meta: ReturnType<typeof toPageMeta> };

async function auditPage(
  app: FastifyInstance,
  filter: AuditFilter,
  page: number,
  limit: number,
): Promise<AuditPageOut> {
  const [rows, total] = await Promise.all([
    listAudit(app.db, filter, limit, (page - 1) * limit),
    countAudit(app.db, filter),
  ]);
  return { data: rows.map(toAuditEntry), meta: toPageMeta(page, limit, total) };
}

/** One page of the actions concerning a member, newest first. */
export function listAuditForUser(
  app: FastifyInstance,
  userId: string,
  page = 1,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPageOut> {
  return auditPage(app, { subjectUserId: userId }, page, limit);
}

/** One page of the changes to coupons or packages (recordCatalogueChange), newest first. */
export function listCatalogueChanges(
  app: FastifyInstance,
  targetType: string,
  page = 1,
  limit = AUDIT_PAGE_SIZE,
): Promise<AuditPageOut> {
  return auditPage(app, { targetType }, page, limit);
}
