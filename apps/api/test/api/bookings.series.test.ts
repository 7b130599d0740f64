import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, nowIso } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  ownerAndSitter,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { submitSandbox } from '../helpers/checkout.ts';
import { dateIn, seriesBody, weekdayOf } from '../helpers/series-fixtures.ts';
import { runReminders } from '../../src/modules/bookings/index.ts';

/**
 * Recurring series: preview with conflicts, request (409 or skip), acceptance creating one
 * booking per free occurrence, decline, cancelling one occurrence or the rest with refunds
 * (credits and card), daylight-saving, one review per series.
 */
let t: TestApp;

type Occurrence = {
  date: string;
  startAt: string;
  endAt: string;
  conflict: string | null;
  bookingId: string | null;
  status: string | null;
  skipped: boolean;
};
type Series = {
  _id: string;
  id: string;
  status: string;
  occurrences: Occurrence[];
  priceCents: number;
  creditsApplied: number;
  creditsRefunded: number;
  amountDueCents: number | null;
  paid: boolean;
  timeZone: string;
};

const DAY = 86_400_000;

async function setTimeZone(sitterId: string, timeZone: string) {
  await t.app.db
    .insertInto('sitter_calendars')
    .values({
      user_id: sitterId,
      time_zone: timeZone,
      schedule: '[]',
      capacities: '{}',
      has_schedule: 0,
      updated_at: nowIso(),
    })
    .execute();
}

/** Blocks one whole UTC date for a sitter whose calendar is in UTC. */
async function block(sitterId: string, date: string) {
  await t.app.db
    .insertInto('sitter_blocks')
    .values({
      id: newId(),
      user_id: sitterId,
      start_date: date,
      end_date: date,
      start_at: `${date}T00:00:00.000Z`,
      end_at: new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString(),
      note: 'Away',
      created_at: nowIso(),
    })
    .execute();
}

async function balance(who: TestUser): Promise<number> {
  const res = await call(t, 'GET', `/api/userCredit/user-credits/${who.id}`, who);
  return res.json().data.balance;
}

/** Requests a series; what credits leave is paid in the sandbox unless `pay` is false. */
async function create(
  owner: Owner,
  sitter: TestUser,
  extra: Record<string, unknown> = {},
  pay = true,
) {
  const res = await call(t, 'POST', '/api/booking/series', owner, seriesBody(owner, sitter, extra));
  expect(res.statusCode, res.body).toBe(201);
  const out = res.json() as { data: Series; checkoutUrl?: string | null };
  if (pay && out.checkoutUrl) {
    const paid = await submitSandbox(t, out.checkoutUrl, 'Pay');
    expect(paid.statusCode).toBeLessThan(400);
  }
  return out;
}

async function decide(sitter: TestUser, id: string, decision: 'accepted' | 'rejected') {
  const res = await call(t, 'PUT', `/api/booking/series/${id}/decision`, sitter, { decision });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; data: Series };
}

const pair = () => ownerAndSitter(t.app);

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => closeApp(t));

describe('preview and request', () => {
  it('previews the occurrences with the conflicts of the sitter calendar and prices the free ones', async () => {
    const { owner, sitter } = await pair();
    const body = seriesBody(owner, sitter);
    await block(sitter.id, dateIn(14));
    const res = await call(t, 'POST', '/api/booking/series/preview', owner, body);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.timeZone).toBe('UTC');
    expect(p.occurrences.map((o: Occurrence) => o.date)).toEqual([
      dateIn(7),
      dateIn(14),
      dateIn(21),
      dateIn(28),
    ]);
    expect(p.occurrences.map((o: Occurrence) => o.conflict !== null)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(p.occurrences[1].conflict).toMatch(/away/i);
    expect(p.occurrences[0].startAt).toBe(`${dateIn(7)}T08:00:00.000Z`);
    expect(p).toMatchObject({ occurrenceCents: 2000, totalCents: 6000, unitsPerOccurrence: 1 });
    expect(p.creditsBalance).toBe(100_000);
  });

  it('sees accepted bookings of the sitter as conflicts too', async () => {
    const { owner, sitter } = await pair();
    const first = await create(owner, sitter, { count: 1 });
    await decide(sitter, first.data.id, 'accepted');
    const other = await createOwner(t.app);
    const res = await call(
      t,
      'POST',
      '/api/booking/series/preview',
      other,
      seriesBody(other, sitter),
    );
    expect(res.json().data.occurrences[0].conflict).toMatch(/already has/i);
    expect(res.json().data.totalCents).toBe(6000);
  });

  it('refuses colliding occurrences with 409 unless told to skip them', async () => {
    const { owner, sitter } = await pair();
    await block(sitter.id, dateIn(21));
    const before = await balance(owner);
    const refused = await call(t, 'POST', '/api/booking/series', owner, {
      ...seriesBody(owner, sitter),
      creditsToApply: 1000,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/collide/);
    expect(refused.json().occurrences.map((o: Occurrence) => o.conflict !== null)).toEqual([
      false,
      false,
      true,
      false,
    ]);
    expect(await balance(owner)).toBe(before);

    const { data } = await create(owner, sitter, { skipConflicts: true, creditsToApply: 6000 });
    expect(data.status).toBe('pending');
    expect(data.occurrences.map((o) => o.skipped)).toEqual([false, false, true, false]);
    expect(data).toMatchObject({ priceCents: 6000, creditsApplied: 6000, paid: true });
    expect(await balance(owner)).toBe(before - 6000);
    const mine = await call(t, 'GET', '/api/booking/series?role=provider', sitter);
    expect(mine.json().data.map((s: Series) => s._id)).toContain(data.id);
    expect(data._id).toBe(data.id);
    // Paged like every list: newest first, one a page here.
    const total = mine.json().total as number;
    expect(mine.json()).toMatchObject({ page: 1, limit: 100, hasMore: false });
    expect(total).toBe(mine.json().data.length);
    const first = await call(t, 'GET', '/api/booking/series?role=provider&limit=1', sitter);
    expect(first.json()).toMatchObject({ page: 1, limit: 1, total, hasMore: total > 1 });
    expect(first.json().data.map((s: Series) => s._id)).toEqual([mine.json().data[0]._id]);
    const bad = await call(t, 'GET', '/api/booking/series?page=0', sitter);
    expect(bad.statusCode).toBe(400);
  });

  it('rejects bad input with 4xx', async () => {
    const { owner, sitter } = await pair();
    const bad = [
      { weekdays: [] },
      { weekdays: [9] },
      { time: '25:00' },
      { count: undefined },
      { endDate: dateIn(200), count: undefined },
      { startDate: dateIn(-7) },
      { count: 13, weekdays: [weekdayOf(dateIn(7))] },
      { durationMinutes: 10 },
      { service: 'Grooming' },
      { pets: ['0123456789abcdef01234567'] },
      { provider_id: owner.id },
      { creditsToApply: 999_999 },
      { weekdays: [0, 1, 2, 3, 4, 5, 6], durationMinutes: 26 * 60 },
    ];
    for (const extra of bad) {
      const body: Record<string, unknown> = { ...seriesBody(owner, sitter), ...extra };
      for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
      const res = await call(t, 'POST', '/api/booking/series', owner, body);
      expect(res.statusCode, JSON.stringify(extra) + res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(extra) + res.body).toBeLessThan(500);
    }
  });
});

describe('acceptance', () => {
  it('creates one accepted booking per occurrence, in the owner and sitter lists', async () => {
    const { owner, sitter } = await pair();
    const { data } = await create(owner, sitter, { creditsToApply: 3000 });
    const { data: accepted, message } = await decide(sitter, data.id, 'accepted');
    expect(accepted.status).toBe('accepted');
    expect(message).toMatch(/4 bookings/);
    const ids = accepted.occurrences.map((o) => o.bookingId);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(accepted.occurrences.every((o) => o.status === 'accepted')).toBe(true);

    const own = await call(t, 'GET', '/api/booking/user?limit=50', owner);
    const ownList = own.json().data as { _id: string; seriesId: string; status: string }[];
    expect(
      ownList
        .filter((b) => b.seriesId === data.id)
        .map((b) => b._id)
        .sort(),
    ).toEqual([...ids].sort());
    const sitterList = await call(
      t,
      'GET',
      '/api/booking/provider/in-progress?status=accepted&limit=50',
      sitter,
    );
    expect(
      sitterList
        .json()
        .data.map((b: { _id: string }) => b._id)
        .sort(),
    ).toEqual([...ids].sort());
    const detail = await call(t, 'GET', `/api/booking/${ids[0]}`, owner);
    expect(detail.json().booking).toMatchObject({
      seriesId: data.id,
      status: 'accepted',
      provider_id: sitter.id,
      price: { amountCents: 2000 },
      creditsApplied: 2000,
    });
    const second = await call(t, 'GET', `/api/booking/${ids[1]}`, owner);
    expect(second.json().booking.creditsApplied).toBe(1000);

    // Accepted occurrences now occupy the sitter's calendar.
    const again = await call(t, 'PUT', `/api/booking/series/${data.id}/decision`, sitter, {
      decision: 'accepted',
    });
    expect(again.statusCode).toBe(409);
  });

  it('skips and refunds occurrences that became busy, never double-booking', async () => {
    const { owner, sitter } = await pair();
    const { data } = await create(owner, sitter, { creditsToApply: 8000 });
    // Meanwhile another owner's series for the third week is accepted.
    const other = await createOwner(t.app);
    await grant(t.app, other.id, 10_000);
    const rival = await create(other, sitter, {
      startDate: dateIn(21),
      count: 1,
      creditsToApply: 2000,
    });
    await decide(sitter, rival.data.id, 'accepted');
    const before = await balance(owner);
    const { data: accepted, message } = await decide(sitter, data.id, 'accepted');
    expect(message).toMatch(/3 bookings; 1 skipped/);
    expect(accepted.occurrences.map((o) => o.skipped)).toEqual([false, false, true, false]);
    expect(accepted.occurrences[2]!.bookingId).toBeNull();
    expect(accepted.occurrences[2]!.conflict).toMatch(/already has/);
    expect(await balance(owner)).toBe(before + 2000);
    expect(accepted.creditsRefunded).toBe(2000);
    const notes = await call(t, 'GET', '/api/notifications/all', owner);
    const decision = (notes.json().allNotifications as { type: string; message: string }[]).find(
      (n) => n.type === 'series-decision',
    );
    expect(decision?.message).toMatch(/1 skipped and refunded/);
  });

  it('declining gives every credit back', async () => {
    const { owner, sitter } = await pair();
    const before = await balance(owner);
    const { data } = await create(owner, sitter, { creditsToApply: 5000 });
    expect(await balance(owner)).toBe(before - 5000);
    const { data: declined } = await decide(sitter, data.id, 'rejected');
    expect(declined).toMatchObject({ status: 'declined', creditsRefunded: 5000 });
    expect(declined.occurrences.every((o) => o.bookingId === null)).toBe(true);
    expect(await balance(owner)).toBe(before);
    const owned = await call(t, 'GET', '/api/booking/series?status=declined', owner);
    expect(owned.json().data.map((s: Series) => s.id)).toEqual([data.id]);
  });
});

describe('races and expiry', () => {
  it('two series racing for the same walks: one is accepted, the other refused, never both', async () => {
    const sitter = await createProvider(t.app);
    const owners = [await createOwner(t.app), await createOwner(t.app)];
    const ids: string[] = [];
    for (const owner of owners) {
      await grant(t.app, owner.id, 10_000);
      ids.push((await create(owner, sitter, { count: 2, creditsToApply: 4000 })).data.id);
    }
    const answers = await Promise.all(
      ids.map((id) =>
        call(t, 'PUT', `/api/booking/series/${id}/decision`, sitter, { decision: 'accepted' }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const booked = await t.app.db
      .selectFrom('bookings')
      .select(['start_at'])
      .where('provider_id', '=', sitter.id)
      .where('status', '=', 'accepted')
      .execute();
    expect(booked).toHaveLength(2);
    expect(new Set(booked.map((b) => b.start_at)).size).toBe(2);
  });

  it('the reminder job expires a series still undecided at its first occurrence, refunding it', async () => {
    const { owner, sitter } = await pair();
    const before = await balance(owner);
    const { data } = await create(owner, sitter, { count: 2, creditsToApply: 4000 });
    const done = await runReminders(t.app, new Date(Date.now() + 8 * DAY));
    expect(done.expireStaleSeries).toBeGreaterThanOrEqual(1);
    const res = await call(t, 'GET', `/api/booking/series/${data.id}`, owner);
    expect(res.json().data).toMatchObject({ status: 'expired', creditsRefunded: 4000 });
    expect(await balance(owner)).toBe(before);
  });
});

describe('cancelling', () => {
  it('cancels one occurrence and then the rest under the policy, credits back', async () => {
    const { owner, sitter } = await pair();
    const { data } = await create(owner, sitter, { creditsToApply: 8000 });
    const { data: accepted } = await decide(sitter, data.id, 'accepted');
    const before = await balance(owner);
    const [first, second] = accepted.occurrences;

    const one = await call(t, 'POST', `/api/booking/series/${data.id}/cancel`, owner, {
      scope: 'occurrence',
      bookingId: second!.bookingId,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.occurrences[1].status).toBe('cancelled');
    expect(one.json().data.status).toBe('accepted');
    // More than 48 h ahead: everything applied to it comes back.
    expect(await balance(owner)).toBe(before + 2000);

    // The sitter starts the first one; "the rest" leaves it alone.
    const started = await call(t, 'PUT', `/api/booking/accept/${first!.bookingId}`, sitter, {
      status: 'in-progress',
    });
    expect(started.statusCode, started.body).toBe(200);
    const rest = await call(t, 'POST', `/api/booking/series/${data.id}/cancel`, sitter, {
      scope: 'rest',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = rest.json().data as Series;
    expect(after.status).toBe('cancelled');
    expect(after.occurrences.map((o) => o.status)).toEqual([
      'in-progress',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    // Cancelled by the sitter: full refund of the two remaining shares.
    expect(await balance(owner)).toBe(before + 8000 - 2000);
    expect(after.creditsRefunded).toBe(6000);
    const notes = await call(t, 'GET', '/api/notifications/all', owner);
    expect(
      (notes.json().allNotifications as { type: string }[]).some(
        (n) => n.type === 'series-cancelled',
      ),
    ).toBe(true);
  });

  it('an owner cancelling a pending series gets everything back; an occurrence of it is refused', async () => {
    const { owner, sitter } = await pair();
    const before = await balance(owner);
    const { data } = await create(owner, sitter, { creditsToApply: 4000 });
    const one = await call(t, 'POST', `/api/booking/series/${data.id}/cancel`, owner, {
      scope: 'occurrence',
      bookingId: data.id,
    });
    expect(one.statusCode).toBe(409);
    const res = await call(t, 'POST', `/api/booking/series/${data.id}/cancel`, owner, {
      scope: 'rest',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 4000 });
    expect(await balance(owner)).toBe(before);
    const decided = await call(t, 'PUT', `/api/booking/series/${data.id}/decision`, sitter, {
      decision: 'accepted',
    });
    expect(decided.statusCode).toBe(409);
  });

  it('the card share: paid in the sandbox before the sitter sees it, refunded per occurrence', async () => {
    const { owner, sitter } = await pair();
    // 4 walks × $20 = $80: $10 in credits, $70 by card.
    const created = await create(owner, sitter, { creditsToApply: 1000 }, false);
    expect(created.data).toMatchObject({ amountDueCents: 7000, paid: false });
    expect(created.checkoutUrl).toMatch(/^https?:\/\//);
    const hidden = await call(t, 'GET', `/api/booking/series/${created.data.id}`, sitter);
    expect(hidden.statusCode).toBe(404);
    const early = await call(t, 'PUT', `/api/booking/series/${created.data.id}/decision`, sitter, {
      decision: 'accepted',
    });
    expect(early.statusCode).toBe(404);

    const paid = await submitSandbox(t, created.checkoutUrl!, 'Pay');
    expect(paid.statusCode).toBeLessThan(400);
    const seen = await call(t, 'GET', `/api/booking/series/${created.data.id}`, sitter);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ paid: true, amountDueCents: null });

    const { data: accepted } = await decide(sitter, created.data.id, 'accepted');
    const ids = accepted.occurrences.map((o) => o.bookingId!);
    const first = (await call(t, 'GET', `/api/booking/${ids[0]}`, owner)).json().booking;
    expect(first.payment).toMatchObject({ status: 'paid', creditsCents: 1000, cardCents: 1000 });
    const last = (await call(t, 'GET', `/api/booking/${ids[3]}`, owner)).json().booking;
    expect(last.payment).toMatchObject({ status: 'paid', creditsCents: 0, cardCents: 2000 });

    const res = await call(t, 'POST', `/api/booking/series/${created.data.id}/cancel`, owner, {
      scope: 'occurrence',
      bookingId: ids[3],
    });
    expect(res.statusCode, res.body).toBe(200);
    const refunded = (await call(t, 'GET', `/api/booking/${ids[3]}`, owner)).json().booking;
    expect(refunded.payment).toMatchObject({ cardCents: 2000, cardRefundedCents: 2000 });
    const payment = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('reference_id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({
      amount_cents: 7000,
      refunded_cents: 2000,
      status: 'partially_refunded',
    });
  });

  it('an abandoned checkout cancels the series and gives the credits back', async () => {
    const { owner, sitter } = await pair();
    const before = await balance(owner);
    const created = await create(owner, sitter, { creditsToApply: 500 }, false);
    await submitSandbox(t, created.checkoutUrl!, 'Cancel');
    const res = await call(t, 'GET', `/api/booking/series/${created.data.id}`, owner);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 500 });
    expect(await balance(owner)).toBe(before);
  });

  it('cancelling an unpaid series closes its checkout: the page can no longer be paid', async () => {
    const { owner, sitter } = await pair();
    const before = await balance(owner);
    const created = await create(owner, sitter, { creditsToApply: 500 }, false);
    const res = await call(t, 'POST', `/api/booking/series/${created.data.id}/cancel`, owner, {
      scope: 'rest',
    });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await submitSandbox(t, created.checkoutUrl!, 'Pay').catch((err: Error) => err);
    expect(String(paid)).toContain('This payment is already cancelled');
    const payment = await t.app.db
      .selectFrom('payments')
      .select(['status', 'refunded_cents'])
      .where('reference_id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'cancelled', refunded_cents: 0 });
    expect(await balance(owner)).toBe(before);
  });
});

describe('time zones and reviews', () => {
  it('keeps the local time of a series across a daylight-saving change (America/Chicago)', async () => {
    const { owner, sitter } = await pair();
    await setTimeZone(sitter.id, 'America/Chicago');
    // The next second Sunday of March at least a week ahead: US clocks go forward that night.
    let year = new Date(Date.now() + 7 * DAY).getUTCFullYear();
    let dst = secondSundayOfMarch(year);
    if (Date.parse(`${dst}T00:00:00Z`) - Date.now() < 9 * DAY) dst = secondSundayOfMarch(++year);
    const res = await call(t, 'POST', '/api/booking/series/preview', owner, {
      ...seriesBody(owner, sitter),
      weekdays: [weekdayOf(dst)],
      startDate: addDays(dst, -7),
      count: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p.timeZone).toBe('America/Chicago');
    expect(p.occurrences.map((o: Occurrence) => o.startAt)).toEqual([
      `${addDays(dst, -7)}T14:00:00.000Z`, // 08:00 CST (UTC-6)
      `${dst}T13:00:00.000Z`, // 08:00 CDT (UTC-5)
      `${addDays(dst, 7)}T13:00:00.000Z`,
    ]);
  });

  it('lets each party review one completed occurrence of a series, not each', async () => {
    const { owner, sitter } = await pair();
    const { data } = await create(owner, sitter, { count: 2 });
    const { data: accepted } = await decide(sitter, data.id, 'accepted');
    const ids = accepted.occurrences.map((o) => o.bookingId!);
    for (const id of ids) {
      for (const status of ['in-progress', 'completed'])
        expect(
          (await call(t, 'PUT', `/api/booking/accept/${id}`, sitter, { status })).statusCode,
        ).toBe(200);
    }
    const nothingLeft = await call(t, 'POST', `/api/booking/series/${data.id}/cancel`, owner, {
      scope: 'rest',
    });
    expect(nothingLeft.statusCode).toBe(409);
    const review = (id: string) =>
      call(t, 'POST', `/api/crud/${id}/Review/create`, owner, {
        columns: { rating: 5, comment: 'Great weekly walks with Rex' },
      });
    expect((await review(ids[0]!)).statusCode).toBe(201);
    const twice = await review(ids[1]!);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/series/);
    // The sitter still reviews once too.
    const sitterReview = await call(t, 'POST', `/api/crud/${ids[1]}/Review/create`, sitter, {
      columns: { rating: 5, comment: 'Lovely dog and owner' },
    });
    expect(sitterReview.statusCode, sitterReview.body).toBe(201);
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
function secondSundayOfMarch(year: number): string {
  const first = new Date(Date.UTC(year, 2, 1)).getUTCDay();
  return `${year}-03-${String(1 + ((7 - first) % 7) + 7).padStart(2, '0')}`;
}
