import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { recordAdminAction } from '../modules/audit/index.ts';
import { findBookingOfPair, insertDispute } from '../modules/disputes/index.ts';
import { recomputeVisibleSubjects } from '../modules/reviews/index.ts';
import type { Seeder } from './index.ts';

const DAY = 24 * 3600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

type DemoDispute = {
  owner: string;
  provider: string;
  bookingStatus: 'accepted' | 'in-progress' | 'completed' | 'cancelled';
  openedBy: 'owner' | 'provider';
  reason: string;
  description: string;
  status: 'open' | 'resolved' | 'closed';
  winner?: 'owner' | 'provider';
  resolution?: string;
  opened: number;
  settled?: number;
};

/** One dispute in each status, on bookings of bookings.seed-data.ts that have a sitter. */
const DISPUTES: DemoDispute[] = [
  {
    owner: 'priya',
    provider: 'jade',
    bookingStatus: 'in-progress',
    openedBy: 'owner',
    reason: 'Missed evening visit',
    description:
      'The camera shows nobody came by on the second evening; Mochi was alone all night.',
    status: 'open',
    opened: -1 * DAY,
  },
  {
    owner: 'marcus',
    provider: 'leo',
    bookingStatus: 'completed',
    openedBy: 'owner',
    reason: 'Walk much shorter than booked',
    description: 'Booked a one-hour walk; the door log shows Buddy was back after 20 minutes.',
    status: 'resolved',
    winner: 'owner',
    resolution: 'The walk log confirms a 20-minute walk; partial refund to the owner.',
    opened: -18 * DAY,
    settled: -16 * DAY,
  },
  {
    owner: 'marcus',
    provider: 'hannah',
    bookingStatus: 'accepted',
    openedBy: 'provider',
    reason: 'Key handover not arranged',
    description: 'No reply about the key pick-up two days before the first visit.',
    status: 'closed',
    resolution: 'Sorted out between owner and sitter; nothing for us to decide.',
    opened: -2 * DAY,
    settled: -1 * DAY,
  },
];

export const disputesSeeder: Seeder = {
  name: 'disputes',
  run: async (app, ctx) => {
    for (const demo of DISPUTES) await seedDispute(app, ctx.users, demo);
  },
};

async function seedDispute(app: FastifyInstance, users: Record<string, string>, d: DemoDispute) {
  const ownerId = users[d.owner];
  const providerId = users[d.provider];
  if (!ownerId || !providerId) return;
  const bookingId = await findBookingOfPair(app.db, ownerId, providerId, d.bookingStatus);
  if (!bookingId) return;
  const party = (who: 'owner' | 'provider') => (who === 'owner' ? ownerId : providerId);
  const id = newId();
  await insertDispute(app.db, {
    id,
    booking_id: bookingId,
    opened_by: party(d.openedBy),
    reason: d.reason,
    description: d.description,
    status: d.status,
    winner_id: d.winner ? party(d.winner) : null,
    resolution_reason: d.resolution ?? null,
    settled_at: d.settled === undefined ? null : at(d.settled),
    created_at: at(d.opened),
    updated_at: at(d.settled ?? d.opened),
  });
  // The admin's decision, on each party's audit log as the status update route writes it.
  if (d.settled !== undefined && users.admin) {
    for (const partyId of [ownerId, providerId]) {
      await recordAdminAction(app.db, {
        actorId: users.admin,
        action: 'dispute.status',
        targetType: 'dispute',
        targetId: id,
        subjectUserId: partyId,
        before: { status: 'open', winnerId: null },
        after: {
          status: d.status,
          winnerId: d.winner ? party(d.winner) : null,
          reason: d.resolution ?? null,
        },
        at: at(d.settled),
      });
    }
  }
  // An open dispute holds the booking's reviews: keep the cached ratings in step.
  await recomputeVisibleSubjects(app.db, bookingId);
}
