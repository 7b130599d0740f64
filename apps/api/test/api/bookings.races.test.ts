import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  bookingBody,
  call,
  closeApp,
  createOwner,
  createProvider,
  grant,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { getBalance, spendCredits } from '../../src/modules/credits/credits.service.ts';

const N = 50;
let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
});
afterAll(() => closeApp(t));

describe(`races (${N} concurrent calls)`, () => {
  it('accepts exactly one of 50 sitters accepted at once', async () => {
    const booking = await postBooking(t, owner);
    const sitters: TestUser[] = [];
    for (let i = 0; i < N; i += 1) sitters.push(await createProvider(t.app));
    for (const s of sitters) {
      const res = await call(t, 'POST', `/api/booking/${booking._id}/send-request`, s);
      expect(res.statusCode).toBe(201);
    }
    const results = await Promise.all(
      sitters.map((s) =>
        call(t, 'PUT', `/api/booking/accept/${booking._id}`, owner, {
          providerId: s.id,
          decision: 'accepted',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
    // Each loser is told the booking was taken, never that their request was withdrawn.
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toMatch(/^This booking (is|was) already accepted$/);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.provider_id;

    const row = await t.app.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', booking._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', provider_id: winner });
    const states = await t.app.db
      .selectFrom('booking_requests')
      .select(['provider_id', 'state'])
      .where('booking_id', '=', booking._id)
      .execute();
    expect(states.filter((s) => s.state === 'accepted').map((s) => s.provider_id)).toEqual([
      winner,
    ]);
    expect(states.filter((s) => s.state === 'closed')).toHaveLength(N - 1);
    const events = await t.app.db
      .selectFrom('booking_events')
      .select('type')
      .where('booking_id', '=', booking._id)
      .where('type', '=', 'accepted')
      .execute();
    expect(events).toHaveLength(1);
  }, 60_000);

  it('never lets 50 concurrent bookings spend more credits than granted', async () => {
    const spender = await createOwner(t.app);
    const sitter = await createProvider(t.app);
    await grant(t.app, spender.id, 10_000);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        call(
          t,
          'POST',
          '/api/booking/',
          spender,
          bookingBody(spender, { provider_id: sitter.id, creditsToApply: 500 }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    const ok = codes.filter((c) => c === 201).length;
    expect(
      codes.every((c) => c === 201 || c === 409),
      codes.join(','),
    ).toBe(true);
    expect(ok * 500).toBeLessThanOrEqual(10_000);
    expect(ok).toBe(20); // serialised spends: every one that fits goes through
    const balance = await getBalance(t.app.db, spender.id);
    expect(balance).toBe(10_000 - ok * 500);
    const bookings = await t.app.db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', spender.id)
      .executeTakeFirst();
    expect(Number(bookings?.n)).toBe(ok); // refused spends left no booking behind
  }, 60_000);

  it('keeps the balance non-negative under 50 direct spendCredits transactions', async () => {
    const spender = await createOwner(t.app);
    await grant(t.app, spender.id, 3_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: N }, (_, i) =>
        t.app.db
          .transaction()
          .execute((trx) => spendCredits(trx, spender.id, 100 + (i % 3) * 100, null, 'race')),
      ),
    );
    const spent = await t.app.db
      .selectFrom('credit_entries')
      .select('amount')
      .where('user_id', '=', spender.id)
      .where('amount', '<', 0)
      .execute();
    const total = -spent.reduce((s, r) => s + r.amount, 0);
    expect(total).toBeLessThanOrEqual(3_000);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(spent.length);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(String(o.reason)).toMatch(/Not enough credits/);
    }
    expect(await getBalance(t.app.db, spender.id)).toBe(3_000 - total);
    expect(await getBalance(t.app.db, spender.id)).toBeGreaterThanOrEqual(0);
    expect(3_000 - total).toBeLessThan(100); // it stopped only when nothing more fitted
  }, 60_000);
});
