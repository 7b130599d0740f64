import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { DisputeEvidenceTable } from '../../db/schema.ts';

/* Queries of the evidence files attached to disputes (dispute_evidence). */

export async function insertEvidence(db: DbOrTrx, rows: DisputeEvidenceTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('dispute_evidence').values(rows).execute();
}

export async function listEvidence(
  db: DbOrTrx,
  disputeIds: readonly string[],
): Promise<DisputeEvidenceTable[]> {
  if (disputeIds.length === 0) return [];
  return selectEvidence(db, [...new Set(disputeIds)]);
}
const selectEvidence = compiledRead((db, disputeIds: string[]) =>
  db
    .selectFrom('dispute_evidence')
    .selectAll()
    .where('dispute_id', 'in', disputeIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export function findEvidence(db: DbOrTrx, disputeId: string, evidenceId: string) {
  return db
    .selectFrom('dispute_evidence')
    .selectAll()
    .where('dispute_id', '=', disputeId)
    .where('id', '=', evidenceId)
    .executeTakeFirst();
}
