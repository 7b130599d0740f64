import type { FastifyInstance } from 'fastify';
import { serviceLabel, serviceWord } from '@pawsy/contract';
import { expireBooking } from './booking-expiry.service.ts';
import { tellRecipient } from './booking-reminder-notices.ts';
import { formatStart } from '../../lib/house-dates.ts';
import { sitterTimeZone } from '../availability/index.ts';
import {
  findAcceptedStartingWithin,
  findPendingStartedBy,
  findRecipients,
  findUndecidedRequests,
  insertReminderOnce,
  type ReminderKind,
} from './booking-reminders.repository.ts';
import type { BookingRow } from './bookings.repository.ts';

/**
 * One step of the reminder job: does what is due at `now` and returns how many things it did.
 * Every step must be safe to run at the same time on several instances and again a minute later.
 */
export type ReminderStep = (app: FastifyInstance, now: Date) => Promise<number | void>;

const DAY_MS = 24 * 3600_000;
/** Rows one query of a step takes; a step keeps going while its batches come back full. */
const BATCH = 200;
const MAX_BATCHES = 25;

/**
 * Sends `kind` about `booking` to `userId` unless it was sent already: the insert into
 * booking_reminders is the claim, so of racing runs only the winner sends. A crash between the
 * claim and the send loses that one reminder rather than ever sending it twice.
 */
async function claim(app: FastifyInstance, kind: ReminderKind, bookingId: string, userId: string) {
  return insertReminderOnce(app.db, {
    kind,
    booking_id: bookingId,
    user_id: userId,
    sent_at: new Date().toISOString(),
  });
}

/** Runs `each` over every row `load` returns, batch after batch; one failing row is logged. */
async function forEachDue<T extends { id: string }>(
  app: FastifyInstance,
  step: string,
  load: () => Promise<T[]>,
  each: (row: T) => Promise<number>,
): Promise<number> {
  let done = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const rows = await load();
    for (const row of rows) {
      try {
        done += await each(row);
      } catch (err) {
        app.log.error({ err, bookingId: row.id, step }, 'booking reminder step failed for a row');
      }
    }
    if (rows.length < BATCH) break;
  }
  return done;
}

/** Both parties of each accepted booking starting within the next 24 h, once each. */
export async function remindDayBefore(app: FastifyInstance, now: Date): Promise<number> {
  const from = now.toISOString();
  const to = new Date(now.getTime() + DAY_MS).toISOString();
  return forEachDue(
    app,
    'day-before',
    () => findAcceptedStartingWithin(app.db, from, to, BATCH),
    async (booking) => {
      const sitterId = booking.provider_id;
      const people = await findRecipients(
        app.db,
        sitterId ? [booking.owner_id, sitterId] : [booking.owner_id],
      );
      const owner = people.get(booking.owner_id);
      const sitter = sitterId ? people.get(sitterId) : undefined;
      const when = formatStart(
        booking.start_at,
        sitterId ? await sitterTimeZone(app.db, sitterId) : 'UTC',
      );
      let sent = 0;
      for (const [me, other] of [
        [owner, sitter],
        [sitter, owner],
      ] as const) {
        if (!me || !(await claim(app, 'day-before', booking.id, me.id))) continue;
        await tellRecipient(
          app,
          me,
          dayBeforeNotice(booking, me.id === booking.owner_id, other, when),
        );
        sent += 1;
      }
      return sent;
    },
  );
}

function dayBeforeNotice(
  booking: BookingRow,
  isOwner: boolean,
  other: { first_name: string } | undefined,
  when: string,
) {
  const label = serviceLabel(booking.service);
  const word = serviceWord(booking.service);
  const name = other?.first_name ?? (isOwner ? 'your sitter' : 'the owner');
  return {
    type: 'booking-reminder' as const,
    subject: `Reminder: ${label} on ${when}`,
    message: isOwner
      ? `Reminder: your ${word} booking with ${name} starts ${when}`
      : `Reminder: your ${word} booking for ${name} starts ${when}`,
    action: 'See the booking',
    bookingId: booking.id,
    startAt: booking.start_at,
  };
}

/** A sitter asked by an owner more than 24 h ago and still undecided: one nudge per request. */
export async function remindUndecidedRequests(app: FastifyInstance, now: Date): Promise<number> {
  const sentBefore = new Date(now.getTime() - DAY_MS).toISOString();
  return forEachDue(
    app,
    'request',
    () => findUndecidedRequests(app.db, sentBefore, now.toISOString(), BATCH),
    async (row) => {
      const sitterId = row.request_provider_id;
      const people = await findRecipients(app.db, [row.owner_id, sitterId]);
      const sitter = people.get(sitterId);
      if (!sitter || !(await claim(app, 'request', row.id, sitterId))) return 0;
      const word = serviceWord(row.service);
      const when = formatStart(row.start_at, await sitterTimeZone(app.db, sitterId));
      const owner = people.get(row.owner_id)?.first_name ?? 'An owner';
      await tellRecipient(app, sitter, {
        type: 'request-reminder',
        subject: `${owner} is waiting for your answer`,
        message: `${owner} is still waiting for your answer to a ${word} request for ${when}`,
        action: 'Accept or decline',
        bookingId: row.id,
        startAt: row.start_at,
      });
      return 1;
    },
  );
}

/** Pending bookings whose start passed without an acceptance end as expired. */
export async function expireUnanswered(app: FastifyInstance, now: Date): Promise<number> {
  return forEachDue(
    app,
    'expiry',
    () => findPendingStartedBy(app.db, now.toISOString(), BATCH),
    async (booking) => ((await expireBooking(app, booking, now)) ? 1 : 0),
  );
}

/**
 * What runReminders does, in order. Another part of the app adds its own step with
 * registerReminderStep (or one line here); a failing step is logged and the next still runs.
 */
export const reminderSteps: ReminderStep[] = [
  remindDayBefore,
  remindUndecidedRequests,
  expireUnanswered,
];

export function registerReminderStep(step: ReminderStep): void {
  if (!reminderSteps.includes(step)) reminderSteps.push(step);
}

/**
 * Everything due at `now`: day-before reminders, undecided-request reminders, expiry of
 * unanswered bookings, then registered steps. Idempotent and safe on several instances at once;
 * returns how many things each step did (by step name). Never throws.
 */
export async function runReminders(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const step of [...reminderSteps]) {
    try {
      done[step.name || 'step'] = (await step(app, now)) ?? 0;
    } catch (err) {
      app.log.error({ err, step: step.name }, 'booking reminder step failed');
    }
  }
  return done;
}
