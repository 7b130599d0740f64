import type { Dispute, DisputeStatus } from '../disputes-api';

/** SPEC §4: an admin setting "open" again on a settled dispute shows it as reopened. */
export function statusLabel(dispute: Pick<Dispute, 'status' | 'reopened'>): string {
  if (dispute.status === 'open') return dispute.reopened ? 'Reopened' : 'Open';
  return dispute.status === 'resolved' ? 'Resolved' : 'Closed';
}

export const STATUS_COLOR: Record<DisputeStatus, string> = {
  open: 'orange',
  resolved: 'teal',
  closed: 'gray',
};

type Party = { _id: string; firstName: string; lastName: string };
export const partyName = (p: Party) => `${p.firstName} ${p.lastName}`.trim();

/** The name of a party of the dispute's booking (the winner, the opener…), or null. */
export function nameOf(dispute: Pick<Dispute, 'booking'>, userId: string | null): string | null {
  if (!userId) return null;
  const { owner, provider } = dispute.booking;
  if (owner._id === userId) return partyName(owner);
  if (provider && provider._id === userId) return partyName(provider);
  return null;
}

/** Disputes show when things happened to the minute (lib/dates). */
export { formatDateTime as formatDate } from '../../../lib/dates';

/**
 * The status changes an admin is offered from `status`. The API (disputes.service.ts
 * `setDisputeStatus`) accepts any of open, resolved and closed from any status; setting the
 * status a dispute already has changes nothing, so that move is not offered.
 */
export function disputeMoves(status: DisputeStatus): DisputeStatus[] {
  return (['resolved', 'closed', 'open'] as const).filter((next) => next !== status);
}
