import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import type { TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  postBooking,
  type Owner,
} from '../helpers/booking-fixtures.ts';

const DAY = 24 * 3600_000;
let t: TestApp;
let owner: Owner;
let sitter: TestUser;
let stranger: TestUser;

type Review = {
  _id: string;
  rating: number;
  comment: string;
  createdAt: string;
  author: Record<string, unknown>;
  service: string;
};
type Page = {
  success: true;
  data: Review[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
};

/** Open booking → sitter applies → owner accepts → start → complete, all through the API. */
async function completedBooking(service = 'Dog walking'): Promise<string> {
  const b = await postBooking(t, owner, { service });
  const steps = [
    await call(t, 'POST', `/api/booking/${b._id}/send-request`, sitter),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, owner, {
      providerId: sitter.id,
      decision: 'accepted',
    }),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, { status: 'in-progress' }),
    await call(t, 'PUT', `/api/booking/accept/${b._id}`, sitter, { status: 'completed' }),
  ];
  for (const res of steps) expect(res.statusCode, res.body).toBeLessThan(300);
  return b._id;
}

async function review(bookingId: string, author: TestUser, rating: number, comment: string) {
  const res = await call(t, 'POST', `/api/crud/${bookingId}/Review/create`, author, {
    columns: { rating, comment },
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function reviewsOf(user: TestUser, query = '', viewer: TestUser = stranger): Promise<Page> {
  const res = await call(t, 'GET', `/api/user/${user.id}/reviews${query}`, viewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const comments = (p: Page) => p.data.map((r) => r.comment);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, { first_name: 'Olivia', last_name: 'Owens' });
  sitter = await createProvider(t.app);
  stranger = await createOwner(t.app);
}, 60_000);
afterAll(() => closeApp(t));

describe('GET /api/user/:id/reviews', () => {
  it('lists nothing while a lone review is hidden, then the pair once both have written', async () => {
    const bookingId = await completedBooking('Boarding');
    await review(bookingId, owner, 5, 'Wonderful with Rex');
    const hidden = await reviewsOf(sitter);
    expect(hidden).toMatchObject({ data: [], total: 0, totalPages: 0, hasMore: false, page: 1 });
    expect(hidden.limit).toBe(10);
    // The subject cannot peek at it either.
    expect((await reviewsOf(sitter, '', sitter)).total).toBe(0);

    await review(bookingId, sitter, 4, 'Friendly owner');
    const shown = await reviewsOf(sitter);
    expect(shown.total).toBe(1);
    const [item] = shown.data;
    expect(item).toEqual({
      _id: expect.any(String),
      rating: 5,
      comment: 'Wonderful with Rex',
      createdAt: expect.any(String),
      author: { _id: owner.id, id: owner.id, firstName: 'Olivia', lastName: 'O.', image: null },
      service: 'boarding',
    });
    // The other half of the pair is about the owner, listed on the owner's page only (which the
    // sitter they met reads; another owner does not: users-card-access.test.ts).
    expect(comments(await reviewsOf(owner, '', sitter))).toEqual(['Friendly owner']);
  });

  it('never exposes the author contact data', async () => {
    const res = await call(t, 'GET', `/api/user/${sitter.id}/reviews`, stranger);
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toMatch(/"(email|phone|address|password)/i);
  });

  it('shows a lone review once 14 days have passed since completion', async () => {
    const bookingId = await completedBooking();
    await review(bookingId, owner, 3, 'Late but fine');
    expect(comments(await reviewsOf(sitter))).not.toContain('Late but fine');
    await t.app.db
      .updateTable('bookings')
      .set({ completed_at: new Date(Date.now() - 15 * DAY).toISOString() })
      .where('id', '=', bookingId)
      .execute();
    expect(comments(await reviewsOf(sitter))).toContain('Late but fine');
  });

  it('pages newest first with total, totalPages and hasMore; limit is capped at 50', async () => {
    const before = (await reviewsOf(sitter)).total;
    for (let i = 0; i < 3; i += 1) {
      const bookingId = await completedBooking();
      await review(bookingId, owner, 4, `Visit ${i}`);
      await review(bookingId, sitter, 5, `Owner visit ${i}`);
    }
    const total = before + 3;
    const first = await reviewsOf(sitter, '?page=1&limit=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total, hasMore: true });
    expect(first.totalPages).toBe(Math.ceil(total / 2));
    expect(comments(first)).toEqual(['Visit 2', 'Visit 1']);
    const second = await reviewsOf(sitter, '?page=2&limit=2');
    expect(comments(second)[0]).toBe('Visit 0');

    const all = await reviewsOf(sitter, '?limit=500');
    expect(all.limit).toBe(50);
    expect(all.hasMore).toBe(false);
    expect(all.data).toHaveLength(total);
    const times = all.data.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const last = await reviewsOf(sitter, `?page=${Math.ceil(total / 2)}&limit=2`);
    expect(last.hasMore).toBe(false);
    expect((await reviewsOf(sitter, '?page=99&limit=2')).data).toEqual([]);
  });

  it('keeps one review per author when the same author posts twice at once (201 and 409)', async () => {
    const bookingId = await completedBooking();
    const post = () =>
      call(t, 'POST', `/api/crud/${bookingId}/Review/create`, owner, {
        columns: { rating: 5, comment: 'Twice?' },
      });
    const codes = (await Promise.all([post(), post()])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
  });

  it('refuses page × limit beyond 10 000 with a 400 and a message', async () => {
    expect((await reviewsOf(sitter, '?page=200&limit=50')).page).toBe(200);
    const res = await call(t, 'GET', `/api/user/${sitter.id}/reviews?page=201&limit=50`, stranger);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('page: page × limit must not exceed 10000; narrow the search');
  });

  it('reads the reviewer\'s own "leave a review" notice of that booking, and only that one', async () => {
    const reviewed = await completedBooking();
    const other = await completedBooking();
    type Notice = { type: string; data: { bookingId?: string } };
    const prompts = async () => {
      const res = await call(t, 'GET', '/api/notifications/all?limit=100', owner);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().allNotifications as Notice[])
        .filter((n) => n.type === 'booking-completed')
        .map((n) => n.data.bookingId);
    };
    expect(await prompts()).toEqual(expect.arrayContaining([reviewed, other]));
    await review(reviewed, owner, 4, 'On time');
    const left = await prompts();
    expect(left).not.toContain(reviewed);
    expect(left).toContain(other);
  });

  it('answers 401 without a session, 404 for unknown, deleted or never-issued user ids', async () => {
    expect((await call(t, 'GET', `/api/user/${sitter.id}/reviews`, null)).statusCode).toBe(401);
    const unknown = 'a'.repeat(24);
    expect((await call(t, 'GET', `/api/user/${unknown}/reviews`, stranger)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/user/not-an-id/reviews', stranger)).statusCode).toBe(404);

    const gone = await createProvider(t.app);
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    expect((await call(t, 'GET', `/api/user/${gone.id}/reviews`, stranger)).statusCode).toBe(404);
  });
});
