import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createTestApp, injectCall, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser, DEFAULT_PASSWORD, type TestUser } from '../helpers/factories.ts';
import {
  bookingBody,
  call,
  createOwner,
  createProvider,
  grant,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { assignedBooking } from '../helpers/chat-fixtures.ts';
import { createCoupon, createPackage, sandboxClick } from '../helpers/billing-fixtures.ts';
import { TINY_PDF } from '../helpers/kyc-fixtures.ts';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3.ts';
import { collectFrames, dataOf } from '../helpers/sse.ts';
import { describeIf } from '../helpers/redis-server.ts';

/**
 * Two API instances over one PostgreSQL database, one Redis and one S3-compatible bucket (the
 * only stand-in: test/helpers/fake-s3.ts), both listening on real ports, as docs/operations.md
 * "Scaling out" deploys them behind a proxy. Every step spreads its requests over both.
 */
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is unset (scale-out runs on PostgreSQL)'
  : !process.env.REDIS_URL
    ? 'REDIS_URL is unset (point it at a running Redis)'
    : null;
// With both set, the api-postgres project runs it; the api-sqlite project skips its copy.
const suite = missing
  ? describeIf(missing)
  : describe.skipIf(process.env.PAWSY_TEST_DB !== 'postgres');

/** A TestApp-shaped handle on one instance, so the shared fixtures can drive either. */
type Instance = TestApp & { base: string; name: 'A' | 'B' };

function handle(t: TestApp, app: FastifyInstance, base: string, name: 'A' | 'B'): Instance {
  return {
    ...t,
    app,
    base,
    name,
    call: injectCall(app),
  };
}

/** Opens the live stream on `on` with a ticket issued by `ticketFrom`; collects SSE frames. */
async function openStream(ticketFrom: Instance, on: Instance, user: TestUser) {
  const ticket = await call(ticketFrom, 'POST', '/api/notifications/stream-ticket', user);
  expect(ticket.statusCode, ticket.body).toBe(200);
  const controller = new AbortController();
  const res = await fetch(
    `${on.base}/api/notifications/stream?ticket=${ticket.json().data.ticket as string}`,
    { signal: controller.signal },
  );
  expect(res.status).toBe(200);
  return collectFrames(res, controller);
}

suite('scale-out: two instances on PostgreSQL + Redis + S3-compatible storage', () => {
  let s3: FakeS3;
  let t: TestApp;
  let bApp: FastifyInstance;
  let A: Instance;
  let B: Instance;
  /** A, B, A, B, … as a round-robin proxy spreads requests. */
  const both = (i: number) => (i % 2 === 0 ? A : B);
  let admin: TestUser;

  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({
      REDIS_URL: process.env.REDIS_URL!,
      ...s3.env('pawsy-scale-out'),
      AUTH_RATE_LIMIT_MAX: '4',
      SSE_HEARTBEAT_SECONDS: '1',
    });
    bApp = await buildApp(t.app.config, { logger: false }); // same database, Redis and bucket
    const baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseB = await bApp.listen({ port: 0, host: '127.0.0.1' });
    A = handle(t, t.app, baseA, 'A');
    B = handle(t, bApp, baseB, 'B');
    admin = await createUser(A.app, { user_type: 'admin' });
  }, 30_000);
  afterAll(async () => {
    await bApp?.close();
    await t?.app.close();
    await new Promise((r) => setTimeout(r, 150));
    await t?.close();
    await s3?.close();
  });

  it('both instances use PostgreSQL, Redis and the S3 store', () => {
    for (const i of [A, B]) {
      expect(i.app.config.database.kind).toBe('postgres');
      expect(i.app.redis).not.toBeNull();
      expect(i.app.storage.kind).toBe('s3');
    }
  });

  it('racing acceptances of one booking through both: exactly one winner', async () => {
    const owner = await createOwner(A.app);
    const booking = await postBooking(A, owner);
    const sitters: TestUser[] = [];
    for (let i = 0; i < 12; i++) sitters.push(await createProvider(A.app));
    for (const [i, s] of sitters.entries()) {
      const res = await call(both(i), 'POST', `/api/booking/${booking._id}/send-request`, s);
      expect(res.statusCode, res.body).toBe(201);
    }
    const results = await Promise.all(
      sitters.map((s, i) =>
        call(both(i), 'PUT', `/api/booking/accept/${booking._id}`, owner, {
          providerId: s.id,
          decision: 'accepted',
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(sitters.length - 1);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.provider_id;
    for (const i of [A, B]) {
      const seen = (await call(i, 'GET', `/api/booking/${booking._id}`, owner)).json().booking;
      expect(seen).toMatchObject({ status: 'accepted', provider_id: winner });
    }
  }, 60_000);

  it('racing redemptions of one coupon through both: never over its cap', async () => {
    const pkg = await createPackage(A, admin, { priceCents: 2000, creditsIncluded: 100 });
    const coupon = await createCoupon(A, admin, { kind: 'amount', value: 500, maxRedemptions: 3 });
    const members = await Promise.all(Array.from({ length: 8 }, () => createOwner(A.app)));
    // Eight checkouts opened at once through both instances: a use is held per checkout, so
    // three open and the rest are told the coupon is used up.
    const opened = await Promise.all(
      members.map((m, i) =>
        call(both(i), 'POST', '/api/stripe/create-subscription', m, {
          packageId: pkg._id,
          couponCode: coupon.code,
        }),
      ),
    );
    const codes = opened.map((r) => r.statusCode).sort();
    expect(codes, opened.map((r) => r.body).join('\n')).toEqual([
      200, 200, 200, 409, 409, 409, 409, 409,
    ]);
    for (const r of opened.filter((o) => o.statusCode === 409))
      expect(r.json().message).toMatch(/maximum number of redemptions/);
    // A refused checkout leaves no subscription waiting for a payment that will never come.
    const refusedIds = members.filter((_, i) => opened[i]!.statusCode === 409).map((m) => m.id);
    const waiting = await A.app.db
      .selectFrom('subscriptions')
      .select('id')
      .where('user_id', 'in', refusedIds)
      .where('status', '=', 'incomplete')
      .execute();
    expect(waiting).toEqual([]);
    const urls = opened.filter((r) => r.statusCode === 200).map((r) => r.json().url as string);
    // Every open checkout paid at once, each through the instance the other one did not start it on.
    const paid = await Promise.all(urls.map((url, i) => sandboxClick(both(i + 1), url, 'pay')));
    for (const r of paid) expect(r.statusCode, r.body).toBe(303);
    const list = (await call(B, 'GET', '/api/coupons?page=1', admin)).json().data;
    expect(list.find((c: { _id: string }) => c._id === coupon._id).redemptions).toBe(3);
    const rows = await A.app.db
      .selectFrom('coupon_redemptions')
      .select('id')
      .where('coupon_id', '=', coupon._id)
      .execute();
    expect(rows).toHaveLength(3);
  }, 60_000);

  it('credits spent from both at once: the balance never goes negative', async () => {
    const spender = await createOwner(A.app);
    const sitter = await createProvider(A.app);
    await grant(A.app, spender.id, 5_000);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(
          both(i),
          'POST',
          '/api/booking/',
          spender,
          bookingBody(spender, { provider_id: sitter.id, creditsToApply: 500 }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.every((c) => c === 201 || c === 409),
      codes.join(','),
    ).toBe(true);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    for (const i of [A, B]) {
      const res = await call(i, 'GET', `/api/userCredit/user-credits/${spender.id}`, spender);
      const body = res.json();
      expect(body.data?.balance ?? body.balance).toBe(0);
    }
  }, 60_000);

  it('chat messages and notifications published on B reach a stream opened on A', async () => {
    const owner: Owner = await createOwner(A.app);
    const sitter = await createProvider(A.app);
    const booking = await assignedBooking(B, owner, sitter);
    const stream = await openStream(B, A, sitter); // ticket from B, stream on A
    await stream.waitFor((f) => f.includes(': connected'));
    const sent = await call(B, 'POST', '/api/messages/', owner, {
      bookingId: booking,
      text: 'Sent through B',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const frame = await stream.waitFor((f) => f.startsWith('event: message\n'));
    expect(dataOf(frame)).toMatchObject({ _id: sent.json().data._id, text: 'Sent through B' });
    await stream.waitFor(
      (f) => f.startsWith('event: notification') && f.includes('Sent through B'),
    );
    await stream.close();
  }, 30_000);

  it('rate limits are shared: the limit is reached across both instances', async () => {
    const user = await createUser(A.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${both(i).base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'secret-key': SECRET_KEY },
        body: JSON.stringify({ email: user.email, password: `${DEFAULT_PASSWORD}-wrong` }),
      });
      codes.push(res.status);
    }
    // AUTH_RATE_LIMIT_MAX=4: each instance saw 3 attempts, yet the 5th overall is refused.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('a file uploaded through A is downloaded through B from the bucket, checks kept', async () => {
    const user = await createUser(A.app);
    const stranger = await createUser(A.app);
    const form = new FormData();
    form.append('userId', user.id);
    form.append('text', 'Bill');
    form.append('documents', new Blob([TINY_PDF], { type: 'application/pdf' }), 'bill.pdf');
    const up = await fetch(`${A.base}/api/kyc`, {
      method: 'POST',
      headers: { 'secret-key': SECRET_KEY, 'x-auth-token': user.token },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const body = (await up.json()) as { data: { documents: { url: string }[] } };
    const [pdf] = body.data.documents;
    const key = [...s3.objects.keys()].find((k) => s3.objects.get(k)!.body.equals(TINY_PDF));
    expect(key).toMatch(/^pawsy-scale-out\/[a-f0-9]{32}\.pdf$/);

    const get = (who: TestUser) =>
      fetch(`${B.base}${pdf!.url}`, {
        headers: { 'secret-key': SECRET_KEY, 'x-auth-token': who.token },
      });
    for (const who of [user, admin]) {
      const res = await get(who);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await res.arrayBuffer()).equals(TINY_PDF)).toBe(true);
    }
    expect((await get(stranger)).status).toBe(404);
  });
});
