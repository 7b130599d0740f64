import type { FastifyInstance } from 'fastify';
import { serviceWord } from '@pawsy/contract';
import { refundCredits } from '../credits/index.ts';
import { notifyUser } from '../notifications/index.ts';
import { newEvent } from './booking-events.ts';
import { closeOpenRequests } from './booking-requests.repository.ts';
import { followUpCard, settleCardOnCancel } from './booking-refunds.service.ts';
import { tellRecipient } from './booking-reminder-notices.ts';
import { formatStart } from '../../lib/house-dates.ts';
import { sitterTimeZone } from '../availability/index.ts';
import { expireIfPending, findRecipients } from './booking-reminders.repository.ts';
import { insertEvent, type BookingRow } from './bookings.repository.ts';

/**
 * A pending booking whose start passed unanswered ends as a declined direct request does:
 * cancelled, open requests withdrawn, every credit and any card payment given back, an 'expired'
 * event; then the owner is told. The conditional UPDATE (expireIfPending) decides between this
 * and a concurrent acceptance: false means the booking moved on and nothing else happens.
 */
export async function expireBooking(
  app: FastifyInstance,
  booking: BookingRow,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const outcome = await app.db.transaction().execute(async (trx) => {
    if (!(await expireIfPending(trx, booking, at))) return null;
    const card = await settleCardOnCancel(trx, booking.id, (paid) => paid, at);
    if (booking.credits_applied > 0)
      await refundCredits(trx, booking.owner_id, booking.credits_applied, booking.id);
    const withdrawn = await closeOpenRequests(trx, booking.id, null, at);
    await insertEvent(trx, newEvent(booking.id, null, 'expired', at));
    return { refund: card.refund, withdrawn };
  });
  if (!outcome) return false;

  // The booking has ended either way; a gateway failure must not keep the owner uninformed.
  await followUpCard(app, outcome.refund).catch((err: unknown) =>
    app.log.error({ err, bookingId: booking.id }, 'card refund of an expired booking failed'),
  );
  const word = serviceWord(booking.service);
  // The row as read before the expiry: a direct request still names the sitter it went to.
  const zone = booking.provider_id ? await sitterTimeZone(app.db, booking.provider_id) : 'UTC';
  const when = formatStart(booking.start_at, zone);
  const owners = await findRecipients(app.db, [booking.owner_id]);
  await tellRecipient(app, owners.get(booking.owner_id), {
    type: 'booking-expired',
    subject: `Your ${word} request expired`,
    message: `Your ${word} request for ${when} expired unanswered`,
    action: 'See the booking',
    bookingId: booking.id,
    startAt: booking.start_at,
  });
  for (const providerId of outcome.withdrawn) {
    await notifyUser(app, providerId, {
      type: 'booking-withdrawn',
      message: `The ${word} request for ${when} expired before it was accepted`,
      data: { bookingId: booking.id },
    });
  }
  return true;
}
