// Tables that triggers keep (counters, the feed's listings, the rating job's watermark): derived
// data, never written by the app's areas directly (re-exported by schema.ts).

/** Bookings per status, in shards (summed to read); kept by triggers on bookings (migration 08-48). */
export interface BookingStatusCountsTable {
  status: string;
  shard: number;
  n: number;
}

/** Bookings per UTC day of creation and current status, in shards; kept by triggers (08-49). */
export interface BookingDayCountsTable {
  day: string;
  status: string;
  shard: number;
  n: number;
}

/** Live (not deleted) users per role; kept by triggers on users (migration 08-50). */
export interface UserRoleCountsTable {
  user_type: string;
  n: number;
}

/** One row (id 1): the watermark of the cached-ratings refresh job. */
export interface RatingRefreshTable {
  id: number;
  last_run_at: string;
}

/**
 * One row per booking a sitter's feed lists (pending, no sitter, card part paid or none), with its
 * owner's point and 0.1° latitude cell; kept by triggers (migration 09-00), read by the feed only.
 */
export interface FeedListingsTable {
  booking_id: string;
  owner_id: string;
  service: string;
  start_at: string;
  created_at: string;
  latitude: number | null;
  longitude: number | null;
  lat_cell: number | null;
}

/** Users per UTC day of creation (deleted ones too); kept by triggers on users (migration 09-10). */
export interface UserDayCountsTable {
  day: string;
  n: number;
}
