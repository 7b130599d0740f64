import type { CalendarWire } from '@pawsy/contract';
import type { BlockRow, CalendarRow, OccupancyRow } from './availability.repository.ts';
import type { Block, DayWindow, Occupancy } from './calendar.ts';

/** A sitter without a calendar row keeps the defaults: UTC, all hours, capacity 1. */
export const DEFAULT_ZONE = 'UTC';

export const toBlock = (r: BlockRow): Block => ({
  id: r.id,
  startDate: r.start_date,
  endDate: r.end_date,
  start: new Date(r.start_at),
  end: new Date(r.end_at),
});

export const toOccupancy = (r: OccupancyRow): Occupancy => ({
  id: r.id,
  service: r.service,
  start: new Date(r.start_at),
  end: new Date(r.end_at),
});

export const windowsOf = (
  rows: readonly { weekday: number; start_minute: number; end_minute: number }[],
) => rows.map((w): DayWindow => ({ weekday: w.weekday, start: w.start_minute, end: w.end_minute }));

export const parseCaps = (row: CalendarRow | undefined): Record<string, number> =>
  row ? (JSON.parse(row.capacities) as Record<string, number>) : {};

export const parseSchedule = (row: CalendarRow | undefined): CalendarWire['schedule'] =>
  row ? (JSON.parse(row.schedule) as CalendarWire['schedule']) : [];

export const toBlockWire = (b: BlockRow) => ({
  _id: b.id,
  id: b.id,
  startDate: b.start_date,
  endDate: b.end_date,
  note: b.note,
});

/** An occupying booking as the 409 of a refused block lists it. */
export const toBlockingBooking = (b: OccupancyRow) => ({
  _id: b.id,
  id: b.id,
  service: b.service,
  startAt: b.start_at,
  endAt: b.end_at,
  status: b.status,
});
