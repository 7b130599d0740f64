import type { DbOrTrx } from '../../db/index.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export type AuditRow = AuditLogTable & {
  actor_first_name: string | null;
  actor_last_name: string | null;
};

export async function insertAuditEntry(db: DbOrTrx, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** A member's history, newest first (index audit_log_subject_created_idx), with the actor's name. */
export function listAuditBySubject(
  db: DbOrTrx,
  subjectUserId: string,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select(['u.first_name as actor_first_name', 'u.last_name as actor_last_name'])
    .where('a.subject_user_id', '=', subjectUserId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditBySubject(db: DbOrTrx, subjectUserId: string): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('subject_user_id', '=', subjectUserId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes to one kind of thing no member owns (coupons, packages), newest first (index audit_log_target_created_idx). */
export function listAuditByTarget(
  db: DbOrTrx,
  targetType: string,
  limit: number,
  offset: number,
): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select(['u.first_name as actor_first_name', 'u.last_name as actor_last_name'])
    .where('a.target_type', '=', targetType)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditByTarget(db: DbOrTrx, targetType: string): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target_type', '=', targetType)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
