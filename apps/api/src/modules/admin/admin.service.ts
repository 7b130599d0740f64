import type { FastifyInstance } from 'fastify';
import type { AdminDashboard, TrendPoint } from '@pawsy/contract';
import { epochMark, unchangedSince, type EpochMark } from '../../db/index.ts';
import { BILLING_CURRENCY } from '../../lib/currency.ts';
import { CREDITS_CURRENCY } from '../credits/index.ts';
import * as repo from './admin.repository.ts';

const DAY_MS = 86_400_000;
const TREND_DAYS = 30;
const TREND_WEEKS = 12;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * How long the figures read at one write count are served again on SQLite (see
 * getAdminDashboard): the same bound as the kept profile answer's (users/profile-cache.ts).
 */
export const KEEP_MS = 200;
type Figures = Omit<AdminDashboard, 'generatedAt'>;
/** Per database: the figures of one UTC day and the write count they were read after. */
const kept = new WeakMap<object, { day: number; mark: EpochMark; figures: Figures }>();

/** Every day from `fromMs` to today with its count (0 where no row fell), oldest first. */
function dailySeries(counts: Record<string, number>, fromMs: number, days: number): TrendPoint[] {
  return Array.from({ length: days }, (_, i) => {
    const date = isoDay(fromMs + i * DAY_MS);
    return { date, count: counts[date] ?? 0 };
  });
}

/** Daily counts folded into the weeks starting `fromMs` (a Monday), oldest first. */
function weeklySeries(counts: Record<string, number>, fromMs: number, weeks: number): TrendPoint[] {
  return Array.from({ length: weeks }, (_, w) => {
    const days = dailySeries(counts, fromMs + w * 7 * DAY_MS, 7);
    return { date: days[0]!.date, count: days.reduce((sum, d) => sum + d.count, 0) };
  });
}

/**
 * The admin dashboard: every figure is one indexed aggregate, all run at once. Days and weeks
 * are UTC; the per-day trend ends today, the weekly one with the current (Monday-based) week.
 *
 * The figures change only with a write or with the UTC day. On SQLite they are kept with the
 * file's write count taken before they were read (db/write-epoch.ts): while no write of this
 * process has run since, on the same day and for at most KEEP_MS, the next call is answered from
 * them (a write by another process on the file shows within KEEP_MS). PostgreSQL, shared by
 * instances, has no write count: there every call reads.
 */
export async function getAdminDashboard(
  app: FastifyInstance,
  now = Date.now(),
): Promise<AdminDashboard> {
  const today = startOfUtcDay(now);
  const db = app.db;
  const hit = kept.get(db);
  let figures = hit && hit.day === today && unchangedSince(db, hit.mark, KEEP_MS) && hit.figures;
  if (!figures) {
    const mark = epochMark(db);
    figures = await adminFigures(app, today);
    if (mark) kept.set(db, { day: today, mark, figures });
  }
  return { generatedAt: new Date(now).toISOString(), ...figures };
}

async function adminFigures(app: FastifyInstance, today: number): Promise<Figures> {
  const dayFrom = today - (TREND_DAYS - 1) * DAY_MS;
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const weekFrom = monday - (TREND_WEEKS - 1) * 7 * DAY_MS;
  const since = new Date(dayFrom).toISOString();
  const db = app.db;

  const [roles, usersPerDay, statuses, bookingsPerDay, kycPending, disputesOpen, credits, money] =
    await Promise.all([
      repo.countUsersByRole(db),
      repo.countUsersPerDay(db, new Date(weekFrom).toISOString()),
      repo.countBookingsByStatus(db, since),
      repo.countBookingsPerDay(db, since),
      repo.countPendingKyc(db),
      repo.countOpenDisputes(db),
      repo.sumCreditsGranted(db, since),
      repo.sumRevenueAndSubscriptions(db, since),
    ]);

  const byRole = { user: roles.user ?? 0, provider: roles.provider ?? 0, admin: roles.admin ?? 0 };
  return {
    since,
    users: {
      total: byRole.user + byRole.provider + byRole.admin,
      byRole,
      newPerWeek: weeklySeries(usersPerDay, weekFrom, TREND_WEEKS),
    },
    bookings: {
      last30Days: Object.values(statuses).reduce((sum, n) => sum + n, 0),
      byStatus: statuses,
      perDay: dailySeries(bookingsPerDay, dayFrom, TREND_DAYS),
    },
    kycPending,
    disputesOpen,
    revenue: { last30DaysCents: money.revenue30d, currency: BILLING_CURRENCY },
    activeSubscriptions: money.activeSubscriptions,
    creditsGranted: { last30DaysCents: credits, currency: CREDITS_CURRENCY },
  };
}
