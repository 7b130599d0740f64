import type { AuditEntry } from '@pawsy/contract';
import type { AuditRow } from './audit.repository.ts';

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    actorId: row.actor_id,
    actorName:
      row.actor_first_name === null
        ? null
        : `${row.actor_first_name} ${row.actor_last_name ?? ''}`.trim(),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    subjectUserId: row.subject_user_id,
    before: parse(row.before),
    after: parse(row.after),
    createdAt: row.created_at,
  };
}
