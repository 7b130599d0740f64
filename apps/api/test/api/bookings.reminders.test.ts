import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { expireBooking } from '../../src/modules/bookings/booking-expiry.service.ts';
import { runReminders } from '../../src/modules/bookings/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  ownerAndSitter,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { readMails } from '../helpers/mail.ts';

/**
 * The reminder job (day before, undecided requests, expiry of unanswered requests), driven by
 * its `now` argument: bookings are made in the future with the real clock, then the job runs at
 * a later `now`. Every test uses its own owner and sitter and its own days ahead, so what a run
 * does to another test's bookings never shows in these assertions.
 */
let t: TestApp;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const at = (iso: string, offsetMs: number) => new Date(new Date(iso).getTime() + offsetMs);
/** A 2-hour dog walk `days` ahead (whole hours, so bookings of one test never overlap). */
const walk = (days: number, hour = 0) => {
  const start = new Date(Date.now() + days * DAY + hour * HOUR);
  start.setUTCMinutes(0, 0, 0);
  return {
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
  };
};

type Notification = { type: string; message: string; data: { bookingId?: string } };

async function notices(who: TestUser, type: string, bookingId?: string) {
  const res = await call(t, 'GET', '/api/notifications/all', who);
  expect(res.statusCode).toBe(200);
  return (res.json().allNotifications as Notification[]).filter(
    (n) => n.type === type && (!bookingId || n.data.bookingId === bookingId),
  );
}

const mails = (who: TestUser, template: string) =>
  readMails(t.dataDir, who.email).filter(
    (m) => (m as unknown as { template: string }).template === template,
  );

const detail = async (id: string, who: TestUser) =>
  (await call(t, 'GET', `/api/booking/${id}`, who)).json().booking as {
    status: string;
    creditsRefunded: number;
    timeline: { type: string }[];
    payment: { cardCents: number; cardRefundedCents: number };
  };

async function balance(who: TestUser): Promise<number> {
  return (await call(t, 'GET', `/api/userCredit/user-credits/${who.id}`, who)).json().data.balance;
}

/** A direct request paid in full with credits (2 h × $20), still pending. */
async function request(owner: Owner, sitter: TestUser, dates: ReturnType<typeof walk>) {
  const b = await postBooking(t, owner, { provider_id: sitter.id, creditsToApply: 4000, ...dates });
  return { id: b._id, startAt: dates.startDate };
}

async function decide(sitter: TestUser, bookingId: string) {
  return call(t, 'PUT', `/api/booking/accept/${bookingId}`, sitter, {
    providerId: sitter.id,
    decision: 'accepted',
  });
}

async function accepted(owner: Owner, sitter: TestUser, dates: ReturnType<typeof walk>) {
  const b = await request(owner, sitter, dates);
  const res = await decide(sitter, b.id);
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

const parties = (sitterMail = true) =>
  ownerAndSitter(t.app, { email_notification: sitterMail ? 1 : 0 });

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => closeApp(t));

describe('the day before', () => {
  it('reminds owner and sitter once, by mail only when they allow it', async () => {
    const { owner, sitter } = await parties(false);
    const b = await accepted(owner, sitter, walk(10));

    await runReminders(t.app, at(b.startAt, -25 * HOUR));
    expect(await notices(owner, 'booking-reminder', b.id)).toHaveLength(0);
    expect(await notices(sitter, 'booking-reminder', b.id)).toHaveLength(0);

    await runReminders(t.app, at(b.startAt, -12 * HOUR));
    await runReminders(t.app, at(b.startAt, -11 * HOUR));
    const [own] = await notices(owner, 'booking-reminder', b.id);
    expect(await notices(owner, 'booking-reminder', b.id)).toHaveLength(1);
    expect(own!.message).toMatch(/^Reminder: your dog walking booking with First\d+ starts /);
    expect(await notices(sitter, 'booking-reminder', b.id)).toHaveLength(1);
    expect(mails(owner, 'booking-reminder')).toHaveLength(1);
    expect(mails(owner, 'booking-reminder')[0]!.text).toContain(`/booking-details/${b.id}`);
    expect(mails(sitter, 'booking-reminder')).toHaveLength(0);
  });

  it("says the start on the sitter's clock, once their calendar names a time zone", async () => {
    const { owner, sitter } = await parties();
    // Bogotá is UTC−5 all year (no daylight saving to move the expected hour).
    const zone = await call(t, 'PUT', '/api/availability', sitter, { timeZone: 'America/Bogota' });
    expect(zone.statusCode, zone.body).toBe(200);
    const dates = walk(11, 3);
    const b = await accepted(owner, sitter, dates);
    const local = new Date(new Date(dates.startDate).getTime() - 5 * HOUR);
    const hhmm = local.toISOString().slice(11, 16);
    const [decision] = await notices(owner, 'booking-decision', b.id);
    expect(decision!.message).toMatch(new RegExp(`, ${hhmm} GMT-5$`));

    await runReminders(t.app, at(b.startAt, -12 * HOUR));
    const [own] = await notices(owner, 'booking-reminder', b.id);
    expect(own!.message).toMatch(
      new RegExp(`^Reminder: .* starts \\w{3} \\d{1,2} \\w{3} \\d{4}, ${hhmm} GMT-5$`),
    );
  });

  it('sends nothing for cancelled or completed bookings', async () => {
    const { owner, sitter } = await parties();
    const cancelled = await accepted(owner, sitter, walk(12));
    const done = await accepted(owner, sitter, walk(12, 4));
    expect(
      (await call(t, 'PUT', `/api/booking/accept/${cancelled.id}`, owner, { status: 'cancelled' }))
        .statusCode,
    ).toBe(200);
    for (const status of ['in-progress', 'completed'])
      expect(
        (await call(t, 'PUT', `/api/booking/accept/${done.id}`, sitter, { status })).statusCode,
      ).toBe(200);

    await runReminders(t.app, at(cancelled.startAt, -6 * HOUR));
    for (const who of [owner, sitter])
      expect(await notices(who, 'booking-reminder')).toHaveLength(0);
    expect(mails(owner, 'booking-reminder')).toHaveLength(0);
  });
});

describe('a request still undecided after 24 hours', () => {
  it('reminds the sitter once, not before 24 hours and never the owner', async () => {
    const { owner, sitter } = await parties();
    const b = await request(owner, sitter, walk(20));
    const sent = Date.now();

    await runReminders(t.app, new Date(sent + 23 * HOUR));
    expect(await notices(sitter, 'request-reminder', b.id)).toHaveLength(0);

    await runReminders(t.app, new Date(sent + 25 * HOUR));
    await runReminders(t.app, new Date(sent + 26 * HOUR));
    const list = await notices(sitter, 'request-reminder', b.id);
    expect(list).toHaveLength(1);
    expect(list[0]!.message).toMatch(/still waiting for your answer to a dog walking request/);
    expect(mails(sitter, 'request-reminder')).toHaveLength(1);
    expect(await notices(owner, 'request-reminder')).toHaveLength(0);
  });

  it('says nothing about requests already decided or sent by the sitter', async () => {
    const { owner, sitter } = await parties();
    await accepted(owner, sitter, walk(21));
    const open = await postBooking(t, owner, walk(21, 6));
    expect(
      (await call(t, 'POST', `/api/booking/${open._id}/send-request`, sitter)).statusCode,
    ).toBe(201);

    await runReminders(t.app, new Date(Date.now() + 2 * DAY));
    expect(await notices(sitter, 'request-reminder')).toHaveLength(0);
    expect(await notices(owner, 'request-reminder')).toHaveLength(0);
  });
});

describe('expiry at the start', () => {
  it('cancels an unanswered request, refunds every credit and tells the owner once', async () => {
    const { owner, sitter } = await parties();
    const before = await balance(owner);
    const b = await request(owner, sitter, walk(30));
    expect(await balance(owner)).toBe(before - 4000);

    await runReminders(t.app, at(b.startAt, -60_000));
    expect((await detail(b.id, owner)).status).toBe('pending');

    await runReminders(t.app, at(b.startAt, 60_000));
    await runReminders(t.app, at(b.startAt, 120_000));
    const after = await detail(b.id, owner);
    expect(after).toMatchObject({ status: 'cancelled', creditsRefunded: 4000 });
    expect(after.timeline.map((e) => e.type)).toEqual(['created', 'expired']);
    expect(await balance(owner)).toBe(before);

    const told = await notices(owner, 'booking-expired', b.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/^Your dog walking request for .+ expired unanswered$/);
    expect(mails(owner, 'booking-expired')).toHaveLength(1);
    const reqs = await call(t, 'GET', `/api/booking/${b.id}/requests`, owner);
    expect(reqs.json().providers.map((p: { state: string }) => p.state)).toEqual(['closed']);
    expect(await notices(sitter, 'booking-withdrawn', b.id)).toHaveLength(1);
    // The sitter can no longer accept it.
    expect((await decide(sitter, b.id)).statusCode).toBe(409);
  });

  it('gives the card payment back in full as a declined request does', async () => {
    const { owner, sitter } = await parties();
    const dates = walk(31);
    const b = await postBooking(t, owner, {
      provider_id: sitter.id,
      creditsToApply: 1000,
      ...dates,
    });
    await runReminders(t.app, at(dates.startDate, 60_000));
    const after = await detail(b._id, owner);
    expect(after).toMatchObject({ status: 'cancelled', creditsRefunded: 1000 });
    expect(after.payment).toMatchObject({ cardCents: 3000, cardRefundedCents: 3000 });
  });

  it('leaves accepted and cancelled bookings alone', async () => {
    const { owner, sitter } = await parties();
    const kept = await accepted(owner, sitter, walk(32));
    const dropped = await request(owner, sitter, walk(32, 4));
    await call(t, 'PUT', `/api/booking/accept/${dropped.id}`, owner, { status: 'cancelled' });
    await runReminders(t.app, at(dropped.startAt, 60_000));
    expect((await detail(kept.id, owner)).status).toBe('accepted');
    const gone = await detail(dropped.id, owner);
    expect(gone.status).toBe('cancelled');
    expect(gone.timeline.map((e) => e.type)).not.toContain('expired');
    expect(await notices(owner, 'booking-expired')).toHaveLength(0);
  });

  it('loses to an acceptance that lands between its read and its update', async () => {
    const { owner, sitter } = await parties();
    const b = await request(owner, sitter, walk(35));
    const stale = await t.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect((await decide(sitter, b.id)).statusCode).toBe(200);
    expect(await expireBooking(t.app, stale, at(b.startAt, 60_000))).toBe(false);
    const after = await detail(b.id, owner);
    expect(after).toMatchObject({ status: 'accepted', creditsRefunded: 0 });
    expect(await notices(owner, 'booking-expired', b.id)).toHaveLength(0);
  });

  it('races a concurrent acceptance: exactly one of them wins', async () => {
    const { owner, sitter } = await parties();
    const before = await balance(owner);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const b = await request(owner, sitter, walk(40, 4 * i));
      const [acc] = await Promise.all([
        decide(sitter, b.id),
        // Staggered starts so both orders of the two transactions come up.
        new Promise((r) => setTimeout(r, [0, 3, 8, 15, 30, 60][i])).then(() =>
          runReminders(t.app, at(b.startAt, 60_000)),
        ),
      ]);
      const after = await detail(b.id, owner);
      const expired = after.timeline.some((e) => e.type === 'expired');
      if (acc.statusCode === 200) {
        expect(after.status).toBe('accepted');
        expect(expired).toBe(false);
        expect(await notices(owner, 'booking-expired', b.id)).toHaveLength(0);
      } else {
        expect(acc.statusCode).toBe(409);
        expect(after).toMatchObject({ status: 'cancelled', creditsRefunded: 4000 });
        expect(expired).toBe(true);
        expect(await notices(owner, 'booking-expired', b.id)).toHaveLength(1);
      }
      outcomes.push(after.status);
    }
    const expiredCount = outcomes.filter((s) => s === 'cancelled').length;
    expect(await balance(owner)).toBe(before - 4000 * (outcomes.length - expiredCount));
  });
});

describe('several runs at once', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    // Another instance over the same database, as a second server would run the job.
    second = await buildApp(t.app.config, { logger: false });
  });
  afterAll(() => second.close());

  it('send each reminder once and expire each booking once', async () => {
    const { owner, sitter } = await parties();
    const before = await balance(owner);
    const soon = await accepted(owner, sitter, walk(50, 10));
    const asked = await request(owner, sitter, walk(50, 14));
    const lapsed = await request(owner, sitter, walk(50, 2));
    await t.app.db
      .updateTable('booking_requests')
      .set({ created_at: new Date(Date.now() - 2 * DAY).toISOString() })
      .where('booking_id', '=', asked.id)
      .execute();

    const now = at(lapsed.startAt, 60_000);
    await Promise.all([
      runReminders(t.app, now),
      runReminders(second, now),
      runReminders(t.app, now),
      runReminders(second, now),
    ]);

    for (const who of [owner, sitter])
      expect(await notices(who, 'booking-reminder', soon.id)).toHaveLength(1);
    expect(mails(owner, 'booking-reminder')).toHaveLength(1);
    expect(mails(sitter, 'booking-reminder')).toHaveLength(1);
    expect(await notices(sitter, 'request-reminder', asked.id)).toHaveLength(1);
    expect(mails(sitter, 'request-reminder')).toHaveLength(1);
    expect(await notices(owner, 'booking-expired', lapsed.id)).toHaveLength(1);
    expect(mails(owner, 'booking-expired')).toHaveLength(1);
    // Two bookings still hold their credits; the expired one gave its 4000 back exactly once.
    expect(await balance(owner)).toBe(before - 8000);
  });
});

describe('the schedule', () => {
  it('runs every REMINDERS_INTERVAL_SECONDS (default 60), off in tests and at 0', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).remindersIntervalSeconds).toBe(60);
    expect(loadConfig({ NODE_ENV: 'test' }).remindersIntervalSeconds).toBe(0);
    expect(loadConfig({ REMINDERS_INTERVAL_SECONDS: '0' }).remindersIntervalSeconds).toBe(0);
    expect(loadConfig({ REMINDERS_INTERVAL_SECONDS: '15' }).remindersIntervalSeconds).toBe(15);
    expect(() => loadConfig({ REMINDERS_INTERVAL_SECONDS: '-1' })).toThrow(
      /REMINDERS_INTERVAL_SECONDS/,
    );
  });

  it('starts with the app and expires a lapsed request without being called', async () => {
    const timed = await createTestApp({ REMINDERS_INTERVAL_SECONDS: '1' });
    try {
      const owner = await createOwner(timed.app);
      const sitter = await createProvider(timed.app);
      await grant(timed.app, owner.id, 10_000);
      const b = await postBooking(timed, owner, {
        provider_id: sitter.id,
        creditsToApply: 4000,
        ...walk(3),
      });
      // Its start moved into the past, as if the request had waited unanswered until then.
      await timed.app.db
        .updateTable('bookings')
        .set({ start_at: new Date(Date.now() - HOUR).toISOString() })
        .where('id', '=', b._id)
        .execute();
      let status = 'pending';
      for (let i = 0; i < 60 && status === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const res = await timed.call({
          method: 'GET',
          url: `/api/booking/${b._id}`,
          token: owner.token,
        });
        status = res.json().booking.status;
      }
      expect(status).toBe('cancelled');
    } finally {
      await closeApp(timed);
    }
  }, 20_000);
});
