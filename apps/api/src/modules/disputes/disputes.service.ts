import type { FastifyInstance } from 'fastify';
import { disputeClosesAt, DISPUTE_WINDOW_DAYS, serviceWord } from '@pawsy/contract';
import type { DisputeStatusBody, DisputeWire } from '@pawsy/contract';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { nameForType } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordAdminAction } from '../audit/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { recomputeVisibleSubjects } from '../reviews/index.ts';
import { removeEvidence, type DisputeForm } from './dispute-form.ts';
import { loadDispute } from './disputes-read.service.ts';
import * as evidenceRepo from './dispute-evidence.repository.ts';
import * as repo from './disputes.repository.ts';

export const OPEN_DISPUTE_EXISTS = 'This booking already has an open dispute';
export const DISPUTE_EXISTS =
  'This booking already has a dispute, and a booking has only one: an admin can reopen it if ' +
  'the problem is not settled';

const TAKEN_ON = new Set(['accepted', 'in-progress', 'completed']);

/**
 * A sitter took the booking on: it is accepted, in progress or completed, or was cancelled after
 * an acceptance. A request declined, expired or cancelled before any sitter accepted it (a
 * direct request's sitter is set from the start, even one who never saw an unpaid request) is
 * nobody's dispute to have.
 */
function wasAccepted(booking: {
  provider_id: string | null;
  status: string;
  was_accepted: unknown;
}) {
  if (!booking.provider_id) return false;
  return TAKEN_ON.has(booking.status) || Boolean(Number(booking.was_accepted));
}

/**
 * A party (owner or assigned sitter) opens a dispute on a booking that has a sitter: accepted,
 * in progress, completed, or cancelled after acceptance. Others get the booking's 404; an admin
 * a 403. One dispute per booking, ever (409; an admin reopens it instead), enforced by
 * disputes_one_per_booking_uq, and only until DISPUTE_WINDOW_DAYS after the booking ends (409):
 * an open dispute holds the booking's reviews, so it cannot be used to hide them again and again.
 */
export async function openDispute(
  app: FastifyInstance,
  caller: AuthUser,
  form: DisputeForm,
): Promise<DisputeWire> {
  try {
    const booking = await repo.findDisputedBooking(app.db, form.body.bookingId);
    if (caller.userType === 'admin' && booking)
      throw forbidden('Only a party of the booking may open a dispute');
    if (!booking || (booking.owner_id !== caller.id && booking.provider_id !== caller.id))
      throw notFound('Booking');
    if (!wasAccepted(booking))
      throw conflict('A dispute can be opened once a sitter has accepted the booking');
    if (await repo.bookingHasDispute(app.db, booking.id)) throw conflict(DISPUTE_EXISTS);
    const closesAt = disputeClosesAt({
      endDate: booking.end_at,
      completedAt: booking.completed_at,
    });
    if (Date.now() >= Date.parse(closesAt))
      throw conflict(
        `Disputes on this booking closed at ${closesAt}: one can be opened up to ` +
          `${DISPUTE_WINDOW_DAYS} days after a booking ends`,
      );

    const at = nowIso();
    const id = newId();
    try {
      await app.db.transaction().execute(async (trx) => {
        await repo.insertDispute(trx, {
          id,
          booking_id: booking.id,
          opened_by: caller.id,
          reason: form.body.reason,
          description: form.body.description,
          status: 'open',
          winner_id: null,
          resolution_reason: null,
          settled_at: null,
          created_at: at,
          updated_at: at,
        });
        await evidenceRepo.insertEvidence(
          trx,
          form.files.map((f) => ({
            id: newId(),
            dispute_id: id,
            stored_name: f.storedName,
            mime: f.mime,
            size: f.size,
            original_name: nameForType(f.originalName, f.mime, 'evidence'),
            created_at: at,
          })),
        );
      });
    } catch (err) {
      if (repo.isUniqueViolation(err)) throw conflict(DISPUTE_EXISTS);
      throw err;
    }
    const dispute = await loadDispute(app, id);
    // The member who opened it knows; only the other party is told.
    await afterChange(
      app,
      dispute,
      `A dispute was opened on your ${serviceWord(dispute.booking.service)} booking`,
      caller.id,
    );
    return dispute;
  } catch (err) {
    removeEvidence(app, form.files);
    throw err;
  }
}

/**
 * Admins set open (a reopen), resolved (optionally naming the winner, who must be a party) or
 * closed, with an optional reason. Reopening has no deadline. Reopening while another dispute on
 * the booking is open (only a booking disputed more than once before 2026-12-06) is 409.
 */
export async function setDisputeStatus(
  app: FastifyInstance,
  disputeId: string,
  input: DisputeStatusBody,
  actorId?: string,
): Promise<DisputeWire> {
  const before = await loadDispute(app, disputeId);
  const parties = [before.booking.owner._id, before.booking.provider?._id];
  const winnerId = input.winnerId ?? null;
  if (winnerId !== null && !parties.includes(winnerId))
    throw badRequest('winnerId must be the owner or the sitter of the booking', 'winnerId');
  const at = nowIso();
  const after = {
    status: input.status,
    winner_id: input.status === 'resolved' ? winnerId : null,
    resolution_reason: (input.reason ?? input.rejectionReason) || null,
  };
  // The same decision again (a double click, a retried call) changes nothing: nobody is told it
  // twice, and the audit log keeps one entry.
  if (
    before.status === after.status &&
    before.winnerId === after.winner_id &&
    before.rejectionReason === after.resolution_reason
  )
    return before;
  // Decided on a screen another admin's move has overtaken: say so rather than overrule it.
  if (input.expectedStatus !== undefined && input.expectedStatus !== before.status)
    throw conflict(
      `This dispute is ${before.status === 'open' ? 'open again' : before.status} since you opened it (another admin changed it); reload it before deciding`,
    );
  try {
    await app.db.transaction().execute(async (trx) => {
      await repo.updateDisputeStatus(trx, disputeId, {
        ...after,
        updated_at: at,
        ...(input.status === 'open' ? {} : { settled_at: at }),
      });
      // One entry per party, so the decision shows on each member's page.
      for (const partyId of parties.filter((p): p is string => Boolean(p))) {
        if (!actorId) break;
        await recordAdminAction(trx, {
          actorId,
          action: 'dispute.status',
          targetType: 'dispute',
          targetId: disputeId,
          subjectUserId: partyId,
          before: { status: before.status, winnerId: before.winnerId },
          after: {
            status: after.status,
            winnerId: after.winner_id,
            reason: after.resolution_reason,
          },
        });
      }
    });
  } catch (err) {
    if (repo.isUniqueViolation(err)) throw conflict(OPEN_DISPUTE_EXISTS);
    throw err;
  }
  const dispute = await loadDispute(app, disputeId);
  const what = { open: 'reopened', resolved: 'resolved', closed: 'closed' }[input.status];
  await afterChange(
    app,
    dispute,
    `The dispute on your ${serviceWord(dispute.booking.service)} booking was ${what}`,
  );
  return dispute;
}

/**
 * Tells both parties (but `exceptId`, who made the change), and refreshes the cached ratings of the booking's reviewed parties: an open
 * dispute holds the booking's reviews from view (reviews' isVisibleSql), so opening, reopening
 * and ending one changes what the ratings count.
 */
async function afterChange(
  app: FastifyInstance,
  dispute: DisputeWire,
  message: string,
  exceptId?: string,
) {
  await recomputeVisibleSubjects(app.db, dispute.bookingId);
  const parties = [dispute.booking.owner._id, dispute.booking.provider?._id];
  await Promise.all(
    parties
      .filter((id): id is string => Boolean(id) && id !== exceptId)
      .map((userId) =>
        notifyUser(app, userId, {
          type: 'dispute',
          message,
          data: {
            disputeId: dispute._id,
            bookingId: dispute.bookingId,
            status: dispute.status,
            winnerId: dispute.winnerId,
          },
        }),
      ),
  );
}
