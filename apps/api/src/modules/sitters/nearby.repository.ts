import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { compiledRead, type DbOrTrx } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { countOffering, offerFilterSql } from '../availability/index.ts';
import type { Box, LatLng } from './geo.ts';
import { boxedLocationsSql, gridSql, isIndexedSql } from './locations.repository.ts';

export type ProviderFilters = {
  excludeId: string;
  /** The caller is a provider, so counts must leave them out. */
  callerIsProvider?: boolean;
  name?: string;
  city?: string;
  /** Catalogue service value the provider must list. */
  service?: string;
  /** Pet species the provider must accept (or have no preference). */
  petType?: string;
};
/**
 * A located provider and its squared half-chord to the search origin (see halfChordSql), as this
 * database computes it: every ranking of a search orders by this value, then id.
 */
export type LocatedRow = { id: string; h: number };

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type UsersQuery<O> = SelectQueryBuilder<Database, 'users', O>;

/**
 * Providers only, never deleted ones, never the caller; name (as cards show it: first name and
 * last initial) and city matched case-insensitively;
 * with a service or pet type, only providers offering it (availability's offer rule, the one the
 * provider_offer_counts triggers count by).
 */
function filterSql(f: ProviderFilters, withCaller = false): RawBuilder<boolean> {
  const parts = [
    sql`users.user_type = 'provider'`,
    sql`users.deleted_at is null`,
    // An account whose signup code was never entered cannot log in to answer (DESIGN §5).
    sql`users.email_verified = 1`,
  ];
  if (!withCaller) parts.push(sql`users.id <> ${f.excludeId}`);
  if (f.name) {
    const pattern = `%${likeEscape(f.name.toLowerCase())}%`;
    // The name as the card shows it (first name, last initial): matching the whole last name
    // would spell it out to anyone adding one letter at a time.
    const shown = sql`users.first_name || ' ' || substr(users.last_name, 1, 1) || '.'`;
    parts.push(sql`lower(${shown}) like ${pattern} escape '\\'`);
  }
  if (f.city) {
    const pattern = `${likeEscape(f.city.toLowerCase())}%`;
    parts.push(sql`lower(users.city) like ${pattern} escape '\\'`);
  }
  if (f.service || f.petType) parts.push(offerFilterSql(f.service, f.petType));
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The providers a search lists (caller excluded), as a condition over `users`. */
export const providerFilterSql = (f: ProviderFilters): RawBuilder<boolean> => filterSql(f);

function applyFilters<O>(qb: UsersQuery<O>, f: ProviderFilters): UsersQuery<O> {
  return qb.where(filterSql(f));
}

const located = sql<boolean>`users.latitude is not null and users.longitude is not null`;

export async function findLocatedInBoxes(
  db: DbOrTrx,
  origin: LatLng,
  boxes: Box[],
  f: ProviderFilters,
): Promise<LocatedRow[]> {
  const { rows } = await sql<LocatedRow>`select users.id, ${halfChordSql(origin)} as h
    from ${boxedLocationsSql(db, boxes)} cross join users
    where users.id = loc.user_id and ${filterSql(f)}
      and users.latitude is not null and users.longitude is not null`.execute(db);
  return rows;
}

/**
 * Squared half-chord between `origin` and the provider's grid point (the haversine term; see
 * locations.repository.ts on why the grid): it grows with the
 * great-circle distance, so ordering by it orders by distance without asin or sqrt in SQL. Both
 * reads select it and the service ranks by it alone: two sitters equally far up to the last bits
 * (JavaScript and the database round the sum differently) then come in one order on every page,
 * whichever read served it.
 */
function halfChordSql(origin: LatLng): RawBuilder<number> {
  const lat = sql`radians(${gridSql(sql.ref('users.latitude'))})`;
  const lng = sql`radians(${gridSql(sql.ref('users.longitude'))})`;
  const oLat = sql`radians(${origin.latitude})`;
  const oLng = sql`radians(${origin.longitude})`;
  return sql<number>`(sin((${lat} - ${oLat}) / 2) * sin((${lat} - ${oLat}) / 2)
    + cos(${oLat}) * cos(${lat}) * sin((${lng} - ${oLng}) / 2) * sin((${lng} - ${oLng}) / 2))`;
}

/**
 * The `limit` located providers nearest to `origin`, ranked by the database (great-circle
 * distance, then id): only those rows leave it, however many providers are located.
 */
export async function findNearestLocated(
  db: DbOrTrx,
  origin: LatLng,
  f: ProviderFilters,
  limit: number,
): Promise<LocatedRow[]> {
  const h = halfChordSql(origin);
  const rows = await applyFilters(db.selectFrom('users').select(['users.id', h.as('h')]), f)
    .where(isIndexedSql())
    .where(located)
    .orderBy(h)
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows as LocatedRow[];
}

/** The directory-version counter: moved by triggers on every write a search reads (migration 13-00). */
export async function readDirectoryVersion(db: DbOrTrx): Promise<string> {
  const [row] = await selectDirectoryVersion(db);
  return String(row?.v ?? 0);
}
const selectDirectoryVersion = compiledRead((db) =>
  db.selectFrom('directory_version').select('v').where('id', '=', 1),
);

/** Live providers, kept up to date by triggers on users (provider-stats migration). */
async function countLiveProviders(db: DbOrTrx): Promise<number> {
  const { rows } = await sql<{ n: number }>`select live_providers as n from provider_stats
    where id = 1`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Matching providers: without name/city from the trigger-kept counters (live providers, or per
 * service and pet type), otherwise counted from the covering index (user_type, deleted_at, id)
 * without a per-row caller check; the caller is subtracted when they match themselves.
 */
export async function countProviders(
  db: DbOrTrx,
  f: ProviderFilters,
  which: 'all' | 'located',
): Promise<number> {
  const count = async (extra: RawBuilder<boolean>) => {
    let q = db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(filterSql(f, true))
      .where(extra);
    if (which === 'located') q = q.where(isIndexedSql()).where(located);
    return Number((await q.executeTakeFirst())?.n ?? 0);
  };
  const fromCounters = which === 'all' && !f.name && !f.city;
  const all = !fromCounters
    ? await count(sql<boolean>`1 = 1`)
    : (f.service || f.petType
        ? await countOffering(db, f.service ?? '', f.petType ?? '')
        : await countLiveProviders(db)) - (await countUnconfirmed(db, f));
  const self =
    f.callerIsProvider && all > 0 ? await count(sql<boolean>`users.id = ${f.excludeId}`) : 0;
  return all - self;
}

/**
 * Providers the counters count but search leaves out (email not confirmed), offering the filter's
 * service and pet type; few, read through their partial index (users_unconfirmed_idx).
 */
async function countUnconfirmed(db: DbOrTrx, f: ProviderFilters): Promise<number> {
  let q = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('users.email_verified', '=', 0)
    .where('users.user_type', '=', 'provider')
    .where('users.deleted_at', 'is', null);
  if (f.service || f.petType) q = q.where(offerFilterSql(f.service, f.petType));
  return Number((await q.executeTakeFirst())?.n ?? 0);
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

/**
 * Mode 'all' (caller without coordinates): best rated first, then newest, then id; unrated
 * sitters (rating_avg null) after every rated one on both engines. Served in order by the
 * partial index users_providers_rating_idx (cached-ratings migration), no sort, no scan of every
 * provider: the database reads offset + limit index entries.
 */
export function topRatedIdsQuery(db: DbOrTrx, f: ProviderFilters, offset: number, limit: number) {
  return applyFilters(db.selectFrom('users').select('users.id'), f)
    .orderBy('users.rating_avg', (ob) => ob.desc().nullsLast())
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .offset(offset)
    .limit(limit);
}

export async function findTopRatedIds(
  db: DbOrTrx,
  f: ProviderFilters,
  offset: number,
  limit: number,
): Promise<string[]> {
  const rows = await topRatedIdsQuery(db, f, offset, limit).execute();
  return rows.map((r) => r.id);
}
