import type {
  BlockBody,
  BlockWire,
  CalendarUpdateBody,
  CalendarWire,
  PublicCalendar,
} from '@pawsy/contract';
import type { DbOrTrx } from '../../db/index.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findCalendarRows, findLiveProvider } from './availability.repository.ts';
import { DEFAULT_ZONE, parseSchedule, toBlockWire } from './availability.mapper.ts';
import {
  addBlock,
  freeDatesOf,
  getCalendar,
  removeBlock,
  updateCalendar,
} from './own-calendar.service.ts';

/*
 * The calendar routes' entry points: who may read or change which calendar. The calendar itself
 * is read and written by own-calendar.service.ts.
 */

/** Only sitters keep a calendar (owners and admins have none to read or change). */
function assertSitter(caller: AuthUser): void {
  if (caller.userType !== 'provider') throw forbidden('Only sitters have an availability calendar');
}

/** What any signed-in user may see of a live sitter's calendar (no blocks' notes, no capacities). */
export async function getPublicCalendar(db: DbOrTrx, userId: string): Promise<PublicCalendar> {
  const sitter = await findLiveProvider(db, userId);
  if (!sitter) throw notFound('Sitter');
  const [row] = await findCalendarRows(db, [userId]);
  return {
    userId,
    timeZone: row?.time_zone ?? DEFAULT_ZONE,
    schedule: parseSchedule(row),
    nextFreeDates: await freeDatesOf(db, userId, sitter.primary_services, row),
  };
}

export async function getOwnCalendar(db: DbOrTrx, caller: AuthUser): Promise<CalendarWire> {
  assertSitter(caller);
  return getCalendar(db, caller.id);
}

export async function updateOwnCalendar(
  db: DbOrTrx,
  caller: AuthUser,
  body: CalendarUpdateBody,
): Promise<CalendarWire> {
  assertSitter(caller);
  await updateCalendar(db, caller.id, body);
  return getCalendar(db, caller.id);
}

export async function addOwnBlock(
  db: DbOrTrx,
  caller: AuthUser,
  body: BlockBody,
): Promise<BlockWire> {
  assertSitter(caller);
  return toBlockWire(await addBlock(db, caller.id, body));
}

/** Removes one of the caller's blocks and gives it back; anyone else's (or none) is a 404. */
export async function removeOwnBlock(
  db: DbOrTrx,
  caller: AuthUser,
  blockId: string,
): Promise<BlockWire> {
  assertSitter(caller);
  const removed = await removeBlock(db, caller.id, blockId);
  if (!removed) throw notFound('Blocked range');
  return toBlockWire(removed);
}
