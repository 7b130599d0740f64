import { sql, type SelectQueryBuilder } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Box } from './geo.ts';
import { inBoxesSql, isIndexedSql } from './provider-locations.ts';

export type ProviderFilters = { excludeId: string; name?: string; city?: string };
export type LocatedRow = { id: string; latitude: number; longitude: number };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type UsersQuery<O> = SelectQueryBuilder<Database, 'users', O>;

/** Providers only, never deleted ones, never the caller; name/city matched case-insensitively. */
function applyFilters<O>(qb: UsersQuery<O>, f: ProviderFilters): UsersQuery<O> {
  let q = qb
    .where('users.user_type', '=', 'provider')
    .where('users.deleted_at', 'is', null)
    .where('users.id', '!=', f.excludeId);
  if (f.name) {
    const pattern = `%${likeEscape(f.name.toLowerCase())}%`;
    q = q.where(
      sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\'`,
    );
  }
  if (f.city) {
    const pattern = `${likeEscape(f.city.toLowerCase())}%`;
    q = q.where(sql<boolean>`lower(users.city) like ${pattern} escape '\\'`);
  }
  return q;
}

const located = sql<boolean>`users.latitude is not null and users.longitude is not null`;

export async function findLocatedInBoxes(
  db: DbOrTrx,
  boxes: Box[],
  f: ProviderFilters,
): Promise<LocatedRow[]> {
  const rows = await applyFilters(
    db.selectFrom('users').select(['users.id', 'users.latitude', 'users.longitude']),
    f,
  )
    .where(inBoxesSql(db, boxes))
    .where(located)
    .execute();
  return rows as LocatedRow[];
}

export async function findAllLocated(db: DbOrTrx, f: ProviderFilters): Promise<LocatedRow[]> {
  const rows = await applyFilters(
    db.selectFrom('users').select(['users.id', 'users.latitude', 'users.longitude']),
    f,
  )
    .where(isIndexedSql())
    .where(located)
    .execute();
  return rows as LocatedRow[];
}

export async function countProviders(
  db: DbOrTrx,
  f: ProviderFilters,
  which: 'all' | 'located',
): Promise<number> {
  let q = applyFilters(
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')),
    f,
  );
  if (which === 'located') q = q.where(isIndexedSql()).where(located);
  const row = await q.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Providers without an indexed location, newest first (they follow the located ones). */
export async function findUnlocatedIds(
  db: DbOrTrx,
  f: ProviderFilters,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await applyFilters(db.selectFrom('users').select('users.id'), f)
    .where((eb) => eb.not(sql<boolean>`(${isIndexedSql()} and ${located})`))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function findNewestIds(
  db: DbOrTrx,
  f: ProviderFilters,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await applyFilters(db.selectFrom('users').select('users.id'), f)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
