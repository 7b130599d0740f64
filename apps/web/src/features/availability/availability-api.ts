import type {
  BlockBody,
  BlockWire,
  blockingBooking,
  CalendarUpdateBody,
  CalendarWire,
  publicCalendarResponse,
} from '@pawsy/contract';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error';
import { http } from '../../lib/http';

export type Calendar = CalendarWire;
export type Block = BlockWire;
export type PublicCalendar = z.infer<typeof publicCalendarResponse>['data'];
/** A booking that stands in the way of blocking dates (the 409 answer's `bookings`). */
export type BlockingBooking = z.infer<typeof blockingBooking>;

export const AVAILABILITY_MESSAGES = {
  loadFailed: 'Failed to load your calendar',
  saveFailed: 'Failed to save your calendar',
  blockFailed: 'Failed to block these dates',
  unblockFailed: 'Failed to remove the blocked dates',
  saved: 'Your calendar is saved.',
} as const;

type Envelope<T> = { success: true; data: T };

/** What a change to the calendar came to: a 409 names the accepted bookings in the way. */
export type CalendarChange =
  | { status: 'done' }
  | { status: 'conflict'; message: string; bookings: BlockingBooking[] }
  | { status: 'failed' };

/** The 409 answer to blocking dates that hold accepted bookings, with the bookings to settle. */
export function conflictOf(error: unknown): Extract<CalendarChange, { status: 'conflict' }> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const bookings = (error.response.data as { bookings?: unknown }).bookings;
  if (!Array.isArray(bookings)) return null;
  return { status: 'conflict', message: error.message, bookings: bookings as BlockingBooking[] };
}

/** DESIGN §5 "Availability": the signed-in sitter's calendar, and anyone's public view of one. */
export const availabilityApi = {
  async get(): Promise<Calendar> {
    const { data } = await http.get<Envelope<Calendar>>('/api/availability');
    if (!data?.data) throw new Error(AVAILABILITY_MESSAGES.loadFailed);
    return data.data;
  },
  async update(body: CalendarUpdateBody): Promise<void> {
    await http.put('/api/availability', body);
  },
  async addBlock(body: BlockBody): Promise<Block> {
    const { data } = await http.post<Envelope<Block>>('/api/availability/blocks', body);
    if (!data?.data) throw new Error(AVAILABILITY_MESSAGES.blockFailed);
    return data.data;
  },
  async removeBlock(blockId: string): Promise<void> {
    await http.delete(`/api/availability/blocks/${encodeURIComponent(blockId)}`);
  },
  async getPublic(userId: string): Promise<PublicCalendar> {
    const { data } = await http.get<Envelope<PublicCalendar>>(
      `/api/availability/${encodeURIComponent(userId)}`,
    );
    if (!data?.data) throw new Error(AVAILABILITY_MESSAGES.loadFailed);
    return data.data;
  },
};
