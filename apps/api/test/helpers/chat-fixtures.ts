import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from './app.ts';
import { call, createOwner, createProvider, postBooking, type Owner } from './booking-fixtures.ts';
import type { TestUser } from './factories.ts';

/** A booking assigned to `provider` (sent straight to them, accepted by them). */
export async function assignedBooking(t: TestApp, owner: Owner, provider: TestUser) {
  const b = await postBooking(t, owner, { provider_id: provider.id });
  const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, provider, {
    providerId: provider.id,
    decision: 'accepted',
  });
  if (res.statusCode !== 200) throw new Error(`not accepted: ${res.statusCode} ${res.body}`);
  return b._id;
}

/** A fresh app with an owner and a booking assigned to a new sitter: what a test posting on one needs. */
export async function appWithAssignedBooking() {
  const t = await createTestApp();
  const owner = await createOwner(t.app);
  const sitter = await createProvider(t.app);
  return { t, owner, sitter, bookingId: await assignedBooking(t, owner, sitter) };
}

/** Posts a chat message; throws unless 201. */
export async function postMessage(
  t: TestApp,
  who: TestUser,
  bookingId: string,
  text: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call(t, 'POST', '/api/messages/', who, { bookingId, text, ...extra });
  if (res.statusCode !== 201) throw new Error(`message not sent: ${res.statusCode} ${res.body}`);
  return res.json().data as { _id: string; sender: { _id: string }; text: string };
}

/**
 * Puts an open dispute on a booking. Written straight into the table so the chat tests do not
 * depend on the dispute form (tested in the disputes suite).
 */
export async function openDispute(app: FastifyInstance, bookingId: string, openedBy: string) {
  const now = nowIso();
  await app.db
    .insertInto('disputes')
    .values({
      id: newId(),
      booking_id: bookingId,
      opened_by: openedBy,
      reason: 'No show',
      description: 'The sitter did not come',
      status: 'open',
      winner_id: null,
      resolution_reason: null,
      created_at: now,
      updated_at: now,
      sole_booking_id: bookingId,
    })
    .execute();
}
