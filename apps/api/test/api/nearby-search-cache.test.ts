import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedSearchJson } from '../../src/modules/sitters/nearby-cache.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  call,
  closeApp,
  createOwner,
  createProvider,
  type Owner,
} from '../helpers/booking-fixtures.ts';
import { multipartBody } from '../helpers/multipart-form.ts';

/*
 * A search answer is kept per caller and query while directory_version and calendar_version stay
 * unchanged (sitters/nearby-cache.ts). The same search, repeated after each kind of write, must
 * see it, whichever instance made the write: the counters move by triggers in the database, so
 * writes straight to the tables stand in for another instance here.
 */
let t: TestApp;
let owner: Owner;
let sitter: TestUser;

type Card = {
  _id: string;
  headline: string | null;
  badges: { KYC_verified: boolean };
  rating: { average: number | null };
};
const SEARCH = '/api/user/nearby?limit=100';

async function search(): Promise<{ cards: Map<string, Card>; total: number }> {
  const res = await call(t, 'GET', SEARCH, owner);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { nearbyUsers: Card[]; total: number };
  return { cards: new Map(body.nearbyUsers.map((c) => [c._id, c])), total: body.total };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
  sitter = await createProvider(t.app, undefined, { headline: 'Cats first' });
}, 30_000);
afterAll(() => closeApp(t));

describe('repeated search after directory writes', () => {
  it('shows a profile edit made through the API on the next search', async () => {
    expect((await search()).cards.get(sitter.id)?.headline).toBe('Cats first');
    expect((await search()).cards.get(sitter.id)?.headline).toBe('Cats first'); // kept answer
    const body = await multipartBody({ headline: 'Dogs too' });
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/update-profile',
      token: sitter.token,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await search()).cards.get(sitter.id)?.headline).toBe('Dogs too');
  });

  it('lists a sitter who joins and counts them in the total', async () => {
    const before = await search();
    const newcomer = await createProvider(t.app);
    const after = await search();
    expect(after.cards.has(newcomer.id)).toBe(true);
    expect(after.total).toBe(before.total + 1);
  });

  it('follows writes made straight to the tables (another instance, the rating job)', async () => {
    await search();
    await t.app.db
      .updateTable('users')
      .set({ rating_avg: 4.5, rating_count: 2 })
      .where('id', '=', sitter.id)
      .execute();
    expect((await search()).cards.get(sitter.id)?.rating.average).toBe(4.5);

    await t.app.db
      .updateTable('users')
      .set({ kyc_verified: 1 })
      .where('id', '=', sitter.id)
      .execute();
    expect((await search()).cards.get(sitter.id)?.badges.KYC_verified).toBe(true);

    const before = await search();
    await t.app.db
      .updateTable('users')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', sitter.id)
      .execute();
    const after = await search();
    expect(after.cards.has(sitter.id)).toBe(false);
    expect(after.total).toBe(before.total - 1);
  });

  it('keeps answers apart per caller', async () => {
    const other = await createUser(t.app, { user_type: 'user' });
    const mine = await search();
    const res = await call(t, 'GET', SEARCH, other);
    const theirs = res.json() as { nearbyUsers: Card[] };
    expect(mine.cards.size).toBeGreaterThan(0);
    // Each caller is left out of their own search, so the owner's answer cannot stand for theirs
    // once the owner is a sitter too; here both see the same sitters, computed separately.
    expect(theirs.nearbyUsers.map((c) => c._id).sort()).toEqual([...mine.cards.keys()].sort());
  });
});

describe('cachedSearchJson', () => {
  const QUERY = { page: 1, limit: 15 } as Parameters<typeof cachedSearchJson>[2];
  let serialised = 0;
  const serialize = (r: unknown) => {
    serialised += 1;
    return JSON.stringify(r);
  };
  const cachedSearch = (
    db: typeof t.app.db,
    who: string,
    query: typeof QUERY,
    compute: () => Promise<never>,
    at: number,
  ) => cachedSearchJson(db, who, query, compute, serialize, at);

  it('computes again once the quarter-hour it was computed in has passed', async () => {
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { computed, nearbyUsers: [] } as never;
    };
    const at = Date.parse('2026-11-25T10:07:00Z');
    serialised = 0;
    const first = await cachedSearch(t.app.db, 'someone', QUERY, compute, at);
    const again = await cachedSearch(t.app.db, 'someone', QUERY, compute, at + 7 * 60_000);
    expect(computed).toBe(1);
    // A kept answer is sent as the JSON it was serialised to the first time.
    expect(serialised).toBe(1);
    expect(again).toBe(first);
    expect(JSON.parse(first)).toEqual({ computed: 1, nearbyUsers: [] });
    await cachedSearch(t.app.db, 'someone', QUERY, compute, at + 8 * 60_000);
    expect(computed).toBe(2);
    await cachedSearch(t.app.db, 'someone else', QUERY, compute, at + 8 * 60_000);
    expect(computed).toBe(3);
  });

  it('holds at most 10 000 cards, dropping the oldest answers first', async () => {
    const computed: string[] = [];
    const answer = (who: string) => async () => {
      computed.push(who);
      return { nearbyUsers: Array.from({ length: 999 }, () => ({})) } as never;
    };
    const at = Date.parse('2026-11-25T11:01:00Z');
    const db = t.app.db.withoutPlugins(); // a handle of its own: a cache of its own
    const ask = (who: string) => cachedSearch(db, who, QUERY, answer(who), at);
    for (let i = 0; i < 10; i++) await ask(`caller ${i}`); // 10 × 1 000: all kept
    await ask('caller 0');
    await ask('caller 9');
    expect(computed).toHaveLength(10);
    await ask('caller 10'); // one more: the oldest (caller 0) goes
    await ask('caller 9');
    expect(computed).toHaveLength(11);
    await ask('caller 0');
    expect(computed.at(-1)).toBe('caller 0');
  });
});
