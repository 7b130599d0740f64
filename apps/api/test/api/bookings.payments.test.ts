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
  hoursFromNow,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { sandboxClick } from '../helpers/billing-fixtures.ts';
import { submitSandbox } from '../helpers/checkout.ts';

/** Bookings paid in full: credits first, the rest by card (sandbox) before the sitter is asked. */
let t: TestApp;
let owner: Owner;
let sitter: TestUser;

type Payment = {
  status: string;
  creditsCents: number;
  creditsRefundedCents: number;
  cardCents: number;
  cardRefundedCents: number;
  checkoutUrl: string | null;
};

async function balance(who: TestUser): Promise<number> {
  const res = await call(t, 'GET', `/api/userCredit/user-credits/${who.id}`, who);
  return res.json().data.balance;
}

/** A direct Dog walking request (2 h × $20 = $40) with `credits` applied; not paid yet. */
async function book(credits: number, extra: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', '/api/booking/', owner, {
    ...bookingBody(owner, { provider_id: sitter.id, creditsToApply: credits, ...extra }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; status: string; payment: Payment };
}

const detail = async (id: string, who: TestUser) => call(t, 'GET', `/api/booking/${id}`, who);
const feedIds = async () =>
  ((await call(t, 'GET', '/api/booking/?limit=50', sitter)).json().data as { _id: string }[]).map(
    (b) => b._id,
  );

async function sitterNotified(bookingId: string): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const res = await call(t, 'GET', '/api/notifications/all', sitter);
    const list = res.json().allNotifications as { type: string; data?: { bookingId?: string } }[];
    if (list.some((n) => n.type === 'booking-request' && n.data?.bookingId === bookingId))
      return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app);
  await grant(t.app, owner.id, 100_000);
}, 60_000);
afterAll(() => closeApp(t));

describe('the card part of a booking', () => {
  it('holds the request from the sitter until the rest is paid in the sandbox', async () => {
    const before = await balance(owner);
    const b = await book(1500);
    expect(b.payment).toMatchObject({
      status: 'awaiting',
      creditsCents: 1500,
      cardCents: 2500,
      cardRefundedCents: 0,
    });
    expect(b.payment.checkoutUrl).toMatch(/^https?:\/\//);
    expect(await balance(owner)).toBe(before - 1500);

    // Not paid: the sitter neither sees it nor can act on it.
    expect((await detail(b._id, sitter)).statusCode).toBe(404);
    expect(await feedIds()).not.toContain(b._id);
    const accept = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accept.statusCode).toBe(404);
    expect((await detail(b._id, owner)).json().booking.payment.status).toBe('awaiting');
    // Nor does anything else of theirs tell that it exists: the dashboard, the contact call.
    const board = async () =>
      (await call(t, 'GET', `/api/user/dashboard/${sitter.id}`, sitter)).json().data;
    const ids = (d: { upcomingBookings: { _id: string }[] }) =>
      d.upcomingBookings.map((u) => u._id);
    const boardBefore = await board();
    expect(ids(boardBefore)).not.toContain(b._id);
    expect((await call(t, 'GET', `/api/booking/${b._id}/contact`, sitter)).statusCode).toBe(404);

    const paid = await submitSandbox(t, b.payment.checkoutUrl!, 'Pay');
    expect(paid.statusCode).toBeLessThan(400);

    const seen = await detail(b._id, sitter);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().booking.payment).toMatchObject({ status: 'paid', cardCents: 2500 });
    expect(seen.json().booking.payment.checkoutUrl).toBeNull();
    expect(await feedIds()).toContain(b._id);
    expect(await sitterNotified(b._id)).toBe(true);
    const after = await board();
    expect(ids(after)).toContain(b._id);
    expect(after.bookingsByStatus.pending ?? 0).toBe(
      (boardBefore.bookingsByStatus.pending ?? 0) + 1,
    );
    const requests = await call(t, 'GET', `/api/booking/${b._id}/requests`, owner);
    expect(requests.json().providers).toHaveLength(1);

    // Confirming the same payment again changes nothing.
    await submitSandbox(t, b.payment.checkoutUrl!, 'Pay').catch(() => null);
    const again = await call(t, 'GET', `/api/booking/${b._id}/requests`, owner);
    expect(again.json().providers).toHaveLength(1);
  });

  it('needs no card payment when credits cover the price', async () => {
    const b = await book(4000);
    expect(b.payment).toMatchObject({ status: 'none', cardCents: 0, checkoutUrl: null });
    expect((await detail(b._id, sitter)).statusCode).toBe(200);
  });

  it('cancels the booking and gives every credit back when the checkout is cancelled', async () => {
    const before = await balance(owner);
    const b = await book(1000);
    await submitSandbox(t, b.payment.checkoutUrl!, 'Cancel');
    const res = await detail(b._id, owner);
    expect(res.json().booking).toMatchObject({ status: 'cancelled', creditsRefunded: 1000 });
    expect(res.json().booking.payment).toMatchObject({ status: 'cancelled', cardRefundedCents: 0 });
    expect(await balance(owner)).toBe(before);
    expect((await detail(b._id, sitter)).statusCode).toBe(404);
  });

  it('an owner cancelling an unpaid booking gets all credits back, and nobody is charged', async () => {
    const before = await balance(owner);
    const b = await book(1000, { startDate: hoursFromNow(5), endDate: hoursFromNow(7) });
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', creditsRefunded: 1000 });
    expect(res.json().data.payment.status).toBe('cancelled');
    expect(await balance(owner)).toBe(before);

    // Its checkout is closed with it: the page offers no Pay, and a stale form's Pay charges
    // nothing and lands on the cancelled result.
    const page = await submitSandbox(t, b.payment.checkoutUrl!, 'Pay').catch((err: Error) => err);
    expect(String(page)).toContain('This payment is already cancelled');
    const forced = await sandboxClick(t, b.payment.checkoutUrl!, 'pay');
    expect(forced.statusCode).toBe(303);
    expect(forced.headers.location).toContain('payment=cancelled');
    const after = (await detail(b._id, owner)).json().booking;
    expect(after.status).toBe('cancelled');
    expect(after.payment).toMatchObject({ cardCents: 3000, cardRefundedCents: 0 });
    const payment = await t.app.db
      .selectFrom('payments')
      .select(['status', 'paid_at', 'refunded_cents'])
      .where('reference_id', '=', b._id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'cancelled', paid_at: null, refunded_cents: 0 });
    expect(await balance(owner)).toBe(before);
    expect((await detail(b._id, sitter)).statusCode).toBe(404);
  });

  it("Cancel on a checkout already paid lands on the payment's true result", async () => {
    const b = await book(1000);
    await submitSandbox(t, b.payment.checkoutUrl!, 'Pay');
    const cancel = await sandboxClick(t, b.payment.checkoutUrl!, 'cancel');
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toContain('payment=success');
    expect((await detail(b._id, owner)).json().booking.payment.status).toBe('paid');
  });
});

describe('refunds of a paid booking', () => {
  async function paidBooking(credits: number, startInHours: number) {
    const b = await book(credits, {
      startDate: hoursFromNow(startInHours),
      endDate: hoursFromNow(startInHours + 2),
    });
    await submitSandbox(t, b.payment.checkoutUrl!, 'Pay');
    return b;
  }

  it('gives credits and card back in full to an owner who cancels 48 hours ahead', async () => {
    const b = await paidBooking(1000, 72);
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      status: 'paid',
      creditsCents: 1000,
      creditsRefundedCents: 1000,
      cardCents: 3000,
      cardRefundedCents: 3000,
    });
  });

  it('gives half of each back to an owner who cancels an accepted booking later', async () => {
    const b = await paidBooking(1001, 10);
    const yes = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(yes.statusCode, yes.body).toBe(200);
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(res.json().data.payment).toMatchObject({
      creditsRefundedCents: 500,
      cardCents: 2999,
      cardRefundedCents: 1499,
    });
  });

  it('gives everything back to an owner who withdraws a request the sitter never answered, as its expiry would', async () => {
    const b = await paidBooking(1001, 10);
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      status: 'cancelled',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      creditsRefundedCents: 1001,
      cardCents: 2999,
      cardRefundedCents: 2999,
    });
  });

  it('gives everything back when the sitter declines', async () => {
    const b = await paidBooking(500, 10);
    const res = await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, {
      providerId: sitter.id,
      decision: 'rejected',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      creditsRefundedCents: 500,
      cardCents: 3500,
      cardRefundedCents: 3500,
    });
  });
});

describe('the answer to POST /api/booking/', () => {
  // Made from the rows the request wrote rather than read back: it must be what reading gives.
  const readBack = async (id: string) => {
    const res = await detail(id, owner);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().booking as object;
  };

  it('is the booking as read back: a direct request with a card part', async () => {
    const created = await book(500);
    expect(created.payment).toMatchObject({ status: 'awaiting', cardCents: 3500 });
    expect(created).toEqual(await readBack(created._id));
  });

  it('is the booking as read back: a direct request paid in credits', async () => {
    const created = await book(4000);
    expect(created.payment).toMatchObject({ status: 'none', creditsCents: 4000 });
    expect(created).toEqual(await readBack(created._id));
  });

  it('is the booking as read back: an open booking without a sitter', async () => {
    const res = await call(t, 'POST', '/api/booking/', owner, bookingBody(owner));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as { _id: string };
    expect(created).toMatchObject({ provider: null, status: 'pending' });
    expect(created).toEqual(await readBack(created._id));
  });
});
