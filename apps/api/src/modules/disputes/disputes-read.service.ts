import type { FastifyInstance, FastifyReply } from 'fastify';
import { toPageMeta, type DisputeListQuery, type DisputeWire } from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import { dispositionFor, sendUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { toDisputeWire } from './disputes.mapper.ts';
import * as evidenceRepo from './dispute-evidence.repository.ts';
import * as repo from './disputes.repository.ts';

const isParty = (row: { b_owner_id: string; b_provider_id: string | null }, userId: string) =>
  row.b_owner_id === userId || row.b_provider_id === userId;

/** A dispute with its booking and evidence, whoever asks (callers check access first). */
export async function loadDispute(app: FastifyInstance, id: string): Promise<DisputeWire> {
  const row = await repo.findDisputeWithBooking(app.db, id);
  if (!row) throw notFound('Dispute');
  return toDisputeWire(row, await evidenceRepo.listEvidence(app.db, [id]));
}

/** Parties of the booking and admins; everyone else gets the 404 of a missing dispute. */
async function loadVisibleRow(app: FastifyInstance, caller: AuthUser, id: string) {
  const row = await repo.findDisputeWithBooking(app.db, id);
  if (!row || (caller.userType !== 'admin' && !isParty(row, caller.id))) throw notFound('Dispute');
  return row;
}

export async function getDispute(
  app: FastifyInstance,
  caller: AuthUser,
  id: string,
): Promise<DisputeWire> {
  const row = await loadVisibleRow(app, caller, id);
  return toDisputeWire(row, await evidenceRepo.listEvidence(app.db, [id]));
}

/** Admins: every dispute; anyone else: the disputes on bookings they are a party of. */
export async function listDisputes(
  app: FastifyInstance,
  caller: AuthUser,
  query: {
    page: number;
    limit: number;
    status?: DisputeListQuery['status'];
    bookingId?: string;
  },
) {
  const filter = {
    status: query.status,
    partyId: caller.userType === 'admin' ? undefined : caller.id,
    bookingId: query.bookingId,
  };
  const [total, rows] = await Promise.all([
    repo.countDisputes(app.db, filter),
    repo.pageDisputes(app.db, filter, (query.page - 1) * query.limit, query.limit),
  ]);
  const evidence = await evidenceRepo.listEvidence(
    app.db,
    rows.map((r) => r.id),
  );
  const meta = toPageMeta(query.page, query.limit, total);
  return {
    success: true as const,
    data: rows.map((r) => toDisputeWire(r, evidence)),
    meta,
    ...meta,
  };
}

/** Streams one evidence file to a party or an admin, as a download that is never sniffed. */
export async function sendEvidence(
  app: FastifyInstance,
  reply: FastifyReply,
  caller: AuthUser,
  disputeId: string,
  evidenceId: string,
) {
  await loadVisibleRow(app, caller, disputeId);
  const file = await evidenceRepo.findEvidence(app.db, disputeId, evidenceId);
  if (!file) throw notFound('File');
  const kind = file.mime === 'application/pdf' ? 'attachment' : 'inline';
  reply.header('content-disposition', dispositionFor(kind, file.original_name));
  return sendUpload(reply, app.storage, file.stored_name, file.mime);
}

/**
 * Whether any dispute (open, resolved or closed) was ever raised on a booking: admins may then
 * read its chat (DESIGN §5 Chat).
 */
export function isBookingDisputed(app: FastifyInstance, bookingId: string): Promise<boolean> {
  return repo.bookingHasDispute(app.db, bookingId);
}
