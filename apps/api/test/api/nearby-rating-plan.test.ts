import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.ts';
import { topRatedIdsQuery } from '../../src/modules/sitters/nearby.repository.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { closeApp } from '../helpers/booking-fixtures.ts';

let t: TestApp;
let caller: TestUser;
type Row = { id: string; rating: number | null; created: string; live: boolean };
const rows: Row[] = [];

async function plan(query: CompiledQuery): Promise<string> {
  const prefix = t.engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await t.app.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
  );
  return result.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  caller = await createUser(t.app);
  // 3 000 providers: a third unrated, ratings with many ties, created_at with ties, some deleted,
  // plus owners that must never show.
  const values = [];
  for (let i = 0; i < 3300; i++) {
    const id = newId();
    const rating = i % 3 === 0 ? null : 1 + ((i * 7) % 41) / 10;
    const created = new Date(Date.UTC(2026, 0, 1, 0, 0, i % 600)).toISOString();
    const isOwner = i % 11 === 0;
    const deleted = i % 97 === 0;
    rows.push({ id, rating, created, live: !isOwner && !deleted });
    values.push({
      id,
      email: `${id}@example.test`,
      password_hash: 'x',
      first_name: `P${i}`,
      last_name: 'Sitter',
      phone: '1',
      user_type: isOwner ? ('user' as const) : ('provider' as const),
      term: 1,
      email_verified: 1,
      is_verified: 0,
      kyc_verified: 0,
      is_paid: 0,
      email_notification: 1,
      currency: 'USD',
      primary_services: '[]',
      pet_prefrences: '[]',
      service_rates: '{}',
      rating_avg: rating,
      rating_count: rating === null ? 0 : 1 + (i % 5),
      deleted_at: deleted ? created : null,
      created_at: created,
      updated_at: created,
    });
  }
  for (let i = 0; i < values.length; i += 300)
    await t.app.db
      .insertInto('users')
      .values(values.slice(i, i + 300))
      .execute();
  if (t.engine === 'postgres') await sql`analyze users`.execute(t.app.db);
}, 60_000);
afterAll(() => closeApp(t));

describe("mode 'all' query over a few thousand providers", () => {
  it('returns rated first by average, then newest, then id, on both engines', async () => {
    const expected = rows
      .filter((r) => r.live)
      .sort(
        (a, b) =>
          (b.rating ?? -1) - (a.rating ?? -1) ||
          (a.created < b.created ? 1 : a.created > b.created ? -1 : 0) ||
          (a.id < b.id ? 1 : -1),
      )
      .map((r) => r.id);
    for (const offset of [0, 15, 1800, expected.length - 10]) {
      const got = await topRatedIdsQuery(t.app.db, { excludeId: caller.id }, offset, 15).execute();
      expect(got.map((r) => r.id)).toEqual(expected.slice(offset, offset + 15));
    }
  });

  it('reads the rating index in order, without sorting every provider', async () => {
    const pages = [
      topRatedIdsQuery(t.app.db, { excludeId: caller.id }, 0, 15),
      topRatedIdsQuery(t.app.db, { excludeId: caller.id }, 300, 15),
      topRatedIdsQuery(t.app.db, { excludeId: caller.id, name: 'p1' }, 0, 15),
    ];
    for (const query of pages) {
      const text = await plan(query.compile());
      expect(text).toContain('users_providers_rating_idx');
      if (t.engine === 'sqlite') expect(text).not.toMatch(/TEMP B-TREE/i);
      else expect(text).not.toMatch(/^\s*(->\s*)?(Incremental )?Sort\b/m);
    }
  });
});
