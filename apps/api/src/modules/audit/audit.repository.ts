import type { DbOrTrx } from '../../db/index.ts';
import type { AuditLogTable } from '../../db/schema.ts';

export async function insertAuditEntry(db: DbOrTrx, row: AuditLogTable): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** A member's history, newest first (index audit_log_subject_created_idx). */
export function listAuditBySubject(
  db: DbOrTrx,
  subjectUserId: string,
  limit: number,
  offset: number,
): Promise<AuditLogTable[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_user_id', '=', subjectUserId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
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
