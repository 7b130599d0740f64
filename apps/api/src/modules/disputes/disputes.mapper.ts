import { toUserIds, type DisputeWire } from '@pawsy/contract';
import type { DisputeEvidenceTable } from '../../db/schema.ts';
import type { DisputeListRow } from './disputes.repository.ts';

export const evidenceUrl = (disputeId: string, evidenceId: string) =>
  `/api/dispute/${disputeId}/evidence/${evidenceId}`;

/** A loaded dispute row (with its booking) and its evidence → the wire of SPEC §3. */
export function toDisputeWire(row: DisputeListRow, evidence: DisputeEvidenceTable[]): DisputeWire {
  return {
    _id: row.id,
    bookingId: row.booking_id,
    booking: {
      _id: row.booking_id,
      service: row.b_service,
      status: row.b_status,
      startDate: row.b_start_at,
      endDate: row.b_end_at,
      owner: {
        ...toUserIds(row.b_owner_id),
        firstName: row.o_first_name,
        lastName: row.o_last_name,
      },
      provider: row.b_provider_id
        ? {
            ...toUserIds(row.b_provider_id),
            firstName: row.p_first_name ?? '',
            lastName: row.p_last_name ?? '',
          }
        : null,
    },
    openedBy: row.opened_by,
    reason: row.reason,
    description: row.description,
    status: row.status,
    winnerId: row.winner_id,
    rejectionReason: row.resolution_reason,
    reopened: row.status === 'open' && row.settled_at !== null,
    evidence: evidence
      .filter((e) => e.dispute_id === row.id)
      .map((e) => ({
        _id: e.id,
        url: evidenceUrl(row.id, e.id),
        mime: e.mime,
        name: e.original_name,
      })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
