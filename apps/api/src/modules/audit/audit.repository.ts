import type { DbOrTrx } from '../../db/index.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export type AuditRow = AuditLogTable & {
  actor_first_name: string | null;
  actor_last_name: string | null;
};

export async function insertAuditEntry(db: DbOrTrx, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * Which rows a history reads: a member's (index audit_log_subject_created_idx) or one kind of
 * thing no member owns, coupons or packages (index audit_log_target_created_idx).
 */
export type AuditFilter = { subjectUserId: string } | { targetType: string };

const whereOf = (filter: AuditFilter) =>
  'subjectUserId' in filter
    ? (['subject_user_id', filter.subjectUserId] as const)
    : (['target_type', filter.targetType] as const);

/** One page of a history, newest first, with the actor's name. */
export function listAudit(
  db: DbOrTrx,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  const [column, value] = whereOf(filter);
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select(['u.first_name as actor_first_name', 'u.last_name as actor_last_name'])
    .where(`a.${column}`, '=', value)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAudit(db: DbOrTrx, filter: AuditFilter): Promise<number> {
  const [column, value] = whereOf(filter);
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
