import type { FastifyInstance } from 'fastify';
import { toPageMeta, type SeriesStatus, type SeriesWire } from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  countSeriesOf,
  findBookingsOfSeries,
  findSeries,
  listSeriesOf,
  type SeriesFilter,
  type SeriesRow,
} from './booking-series.repository.ts';
import { toSeriesWire } from './booking-series.mapper.ts';
import { loadProviderCards } from './booking-wires.service.ts';
import { missingCard, toUserCard } from './bookings.mapper.ts';
import { findParties } from './booking-parties.repository.ts';
import { seesOwnerInFull, seesSitterInFull } from './bookings.access.ts';
import { lastInitial } from '../../lib/user-columns.ts';

/** Reading recurring series: who may see one, and series rows loaded as wires. */

/** Owner and admins always; the sitter once the card part is paid (or none was due). */
function canViewSeries(row: SeriesRow, user: AuthUser): boolean {
  if (user.userType === 'admin' || row.owner_id === user.id) return true;
  return row.provider_id === user.id && sitterSees(row);
}
export const sitterSees = (row: SeriesRow) =>
  row.charge_state === 'none' || row.charge_state === 'paid';

export async function loadVisibleSeries(
  db: DbOrTrx,
  user: AuthUser,
  id: string,
): Promise<SeriesRow> {
  const row = await findSeries(db, id);
  if (!row || !canViewSeries(row, user)) throw notFound('Series');
  return row;
}

/**
 * A series names its sitter from the start, as a direct request does: owner and sitter read each
 * other's last initial until the sitter accepted it (a series cancelled after that keeps the names
 * they had read); the rule is the bookings' own (seesOwnerInFull / seesSitterInFull).
 */
function namesFor(row: SeriesRow, viewer: AuthUser) {
  const takenOn = row.decided_at !== null && row.status !== 'declined';
  const asBooking = {
    owner_id: row.owner_id,
    provider_id: row.provider_id,
    status: takenOn ? ('accepted' as const) : ('pending' as const),
  };
  return { owner: seesOwnerInFull(asBooking, viewer), sitter: seesSitterInFull(asBooking, viewer) };
}
const initialOnly = <T extends { lastName: string }>(card: T, inFull: boolean): T =>
  inFull ? card : { ...card, lastName: lastInitial(card.lastName) };

export async function loadSeriesWires(
  db: DbOrTrx,
  viewer: AuthUser,
  rows: readonly SeriesRow[],
): Promise<SeriesWire[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [owners, providers, bookings] = await Promise.all([
    findParties(
      db,
      rows.map((r) => r.owner_id),
    ),
    loadProviderCards(
      db,
      rows.map((r) => r.provider_id),
    ),
    findBookingsOfSeries(db, ids),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  return rows.map((row) => {
    const owner = ownerById.get(row.owner_id);
    const inFull = namesFor(row, viewer);
    const provider = providers.get(row.provider_id) ?? {
      ...missingCard(row.provider_id),
      city: null,
      rating: null,
      reviewsCount: 0,
    };
    return toSeriesWire(row, {
      owner: initialOnly(owner ? toUserCard(owner) : missingCard(row.owner_id), inFull.owner),
      provider: initialOnly(provider, inFull.sitter),
      bookings: bookings.filter((b) => b.series_id === row.id),
    });
  });
}

export async function seriesWireById(
  db: DbOrTrx,
  viewer: AuthUser,
  id: string,
): Promise<SeriesWire> {
  const row = await findSeries(db, id);
  if (!row) throw notFound('Series');
  return (await loadSeriesWires(db, viewer, [row]))[0]!;
}

export async function getSeries(app: FastifyInstance, caller: AuthUser, id: string) {
  const row = await loadVisibleSeries(app.db, caller, id);
  return (await loadSeriesWires(app.db, caller, [row]))[0]!;
}

/** GET /booking/series: a page of the caller's series as owner (default for owners) or as sitter. */
export async function listSeries(
  app: FastifyInstance,
  caller: AuthUser,
  query: {
    role?: 'owner' | 'provider' | undefined;
    status?: SeriesStatus | undefined;
    page: number;
    limit: number;
  },
) {
  const role = query.role ?? (caller.userType === 'provider' ? 'provider' : 'owner');
  if (role === 'provider' && caller.userType !== 'provider')
    throw forbidden('Only sitters have series as a sitter');
  const filter: SeriesFilter =
    role === 'owner'
      ? { ownerId: caller.id, status: query.status }
      : { providerId: caller.id, status: query.status, sitterVisible: true };
  const [rows, total] = await Promise.all([
    listSeriesOf(app.db, filter, query.limit, (query.page - 1) * query.limit),
    countSeriesOf(app.db, filter),
  ]);
  const data: SeriesWire[] = await loadSeriesWires(app.db, caller, rows);
  return { data, ...toPageMeta(query.page, query.limit, total) };
}
