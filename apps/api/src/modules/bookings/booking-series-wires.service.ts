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

export async function loadSeriesWires(
  db: DbOrTrx,
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
    return toSeriesWire(row, {
      owner: owner ? toUserCard(owner) : missingCard(row.owner_id),
      provider: providers.get(row.provider_id) ?? {
        ...missingCard(row.provider_id),
        city: null,
        rating: null,
        reviewsCount: 0,
      },
      bookings: bookings.filter((b) => b.series_id === row.id),
    });
  });
}

export async function seriesWireById(db: DbOrTrx, id: string): Promise<SeriesWire> {
  const row = await findSeries(db, id);
  if (!row) throw notFound('Series');
  return (await loadSeriesWires(db, [row]))[0]!;
}

export async function getSeries(app: FastifyInstance, caller: AuthUser, id: string) {
  const row = await loadVisibleSeries(app.db, caller, id);
  return (await loadSeriesWires(app.db, [row]))[0]!;
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
  const data: SeriesWire[] = await loadSeriesWires(app.db, rows);
  return { data, ...toPageMeta(query.page, query.limit, total) };
}
