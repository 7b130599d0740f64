import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/*
 * GET /api/notifications/all pages like every other list (DESIGN §4): `page` from 1, `limit`
 * clamped to 100, the paging fields beside `allNotifications`. Without paging a client gets what
 * it always got: the newest 100 unread.
 */

let t: TestApp;
let many: TestUser;
let few: TestUser;

/** `count` unread notifications for `user`, one second apart, `n0` the oldest. */
async function seed(user: TestUser, count: number) {
  const start = Date.parse('2026-06-01T00:00:00.000Z');
  await t.app.db
    .insertInto('notifications')
    .values(
      Array.from({ length: count }, (_, i) => ({
        id: newId(),
        user_id: user.id,
        type: 'x',
        message: `n${i}`,
        data: '{}',
        read_at: null,
        created_at: new Date(start + i * 1000).toISOString(),
      })),
    )
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  many = await createUser(t.app);
  few = await createUser(t.app);
  await seed(many, 105);
  await seed(few, 5);
});
afterAll(() => t.close());

const list = (user: TestUser, query = '') =>
  t.call({ method: 'GET', url: `/api/notifications/all${query}`, token: user.token });
const messagesOf = (body: { allNotifications: { message: string }[] }) =>
  body.allNotifications.map((n) => n.message);

describe('GET /api/notifications/all pages', () => {
  it('without paging answers the newest 100 and says there is more', async () => {
    const res = await list(many);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      page: 1,
      limit: 100,
      total: 105,
      totalPages: 2,
      hasMore: true,
    });
    expect(body.allNotifications).toHaveLength(100);
    expect(messagesOf(body)[0]).toBe('n104');
    expect(messagesOf(body)[99]).toBe('n5');
  });

  it('walks the pages with limit, newest first, each row once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(few, `?page=${page}&limit=2`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page, limit: 2, total: 5, totalPages: 3, hasMore: page < 3 });
      seen.push(...messagesOf(body));
    }
    expect(seen).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    const past = (await list(few, '?page=4&limit=2')).json();
    expect(past).toMatchObject({ allNotifications: [], total: 5, hasMore: false });
  });

  it('clamps limit to 100', async () => {
    const body = (await list(many, '?limit=500')).json();
    expect(body).toMatchObject({ limit: 100, totalPages: 2 });
    expect(body.allNotifications).toHaveLength(100);
  });

  it.each([
    ['?page=abc', 'page', 'page must be a whole number from 1'],
    ['?page=0', 'page', 'page must be a whole number from 1'],
    ['?limit=-1', 'limit', 'limit must be a whole number from 1'],
    ['?page=101&limit=100', 'page', 'page × limit must not exceed 10000; narrow the search'],
  ])('answers 400 naming the field for %s', async (query, path, message) => {
    const res = await list(few, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: `${path}: ${message}`,
      errors: [{ path, message }],
    });
  });

  it('mark-all-read answers the count in data (and at the top) and empties the list', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/notifications/mark-all-read',
      token: few.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'All notifications marked as read',
      updated: 5,
      data: { updated: 5 },
    });
    const after = (await list(few)).json();
    expect(after).toMatchObject({ allNotifications: [], total: 0, totalPages: 0, hasMore: false });
  });
});
