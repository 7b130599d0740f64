import { z } from 'zod';

/** One point of a trend: the period's first day (YYYY-MM-DD, UTC) and its count. */
export const trendPoint = z.object({ date: z.string(), count: z.number().int() });
export type TrendPoint = z.infer<typeof trendPoint>;

/**
 * GET /api/admin-dashboard (SPEC §3 "Admin dashboard", DESIGN §5): counts and trends for admins.
 * Money is in cents. Bookings, revenue and credits granted cover the last 30 days (`since`):
 * each is then a range on an index, whatever the size of the history. Trend series are gap-free:
 * a day or week without rows reads 0.
 */
export const adminDashboard = z.object({
  generatedAt: z.string(),
  since: z.string(),
  users: z.object({
    total: z.number().int(),
    byRole: z.object({
      user: z.number().int(),
      provider: z.number().int(),
      admin: z.number().int(),
    }),
    /** New sign-ups per week (weeks start on Monday), the last 12 weeks, oldest first. */
    newPerWeek: z.array(trendPoint),
  }),
  bookings: z.object({
    /** Bookings created in the last 30 days, and those by their status now. */
    last30Days: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
    /** Bookings created per day, the last 30 days, oldest first. */
    perDay: z.array(trendPoint),
  }),
  kycPending: z.number().int(),
  disputesOpen: z.number().int(),
  /** Paid minus refunded, in the currency payments are charged in. */
  revenue: z.object({ last30DaysCents: z.number().int(), currency: z.string() }),
  activeSubscriptions: z.number().int(),
  /** In the credits' currency. */
  creditsGranted: z.object({ last30DaysCents: z.number().int(), currency: z.string() }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const adminDashboardResponse = z.object({ success: z.literal(true), data: adminDashboard });
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;
