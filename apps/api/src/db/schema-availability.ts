/** Sitter calendars (modules/availability): schedule, blocked dates, capacities. */

/** One row per sitter who changed a default; no row = UTC, all hours, capacity 1. */
export interface SitterCalendarsTable {
  user_id: string;
  time_zone: string;
  /** JSON array of { day, start, end } as the sitter entered them. */
  schedule: string;
  /** JSON object: overnight service -> capacity. */
  capacities: string;
  /** 1 when `schedule` is not empty (the search only checks windows for those sitters). */
  has_schedule: number;
  updated_at: string;
}

/** The schedule normalised for queries: per local weekday, merged minute ranges [start, end). */
export interface SitterScheduleWindowsTable {
  user_id: string;
  weekday: number;
  start_minute: number;
  end_minute: number;
}

export interface SitterBlocksTable {
  id: string;
  user_id: string;
  /** Local dates, both included. */
  start_date: string;
  end_date: string;
  /** The same range as UTC instants [start_at, end_at) in the calendar's time zone. */
  start_at: string;
  end_at: string;
  note: string;
  created_at: string;
}

/** Live providers per (service, pet type); '' means any. Kept by triggers on users. */
export interface ProviderOfferCountsTable {
  service: string;
  pet_type: string;
  n: number;
}

/** One row (id 1): moved by triggers on every write that can change who is busy. */
export interface CalendarVersionTable {
  id: number;
  v: number | string;
}

/** One row (id 1): moved by triggers on every write a sitter search reads (migration 13-00). */
export interface DirectoryVersionTable {
  id: number;
  v: number | string;
}
