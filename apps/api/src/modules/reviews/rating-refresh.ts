import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { recomputeRatings } from './rating-cache.ts';
import {
  claimRefreshWindow,
  findRefreshWatermark,
  findSubjectsVisibleBetween,
} from './ratings.repository.ts';

export type RefreshResult = { from: string; to: string; subjects: number } | null;

/**
 * The window ends this long before `now`, so a review inserted in the same instant as a run
 * (its transaction not yet visible to the run) is never left behind the watermark.
 */
const SETTLE_MS = 30_000;

/**
 * Refreshes the cached rating of every user who has a review that became visible in
 * (last run, now − 30 s]: lone reviews reaching the end of their blind window. (Reviews that become
 * visible because both parties wrote are refreshed at once by the reviews service.)
 * The window is claimed with a conditional update of the shared watermark, in the same
 * transaction as the refresh: instances never skip a window, never do one twice, and a crash
 * mid-run leaves the window unclaimed. Returns null when another run owns it or time went back.
 */
export async function refreshDueRatings(db: Db, now = new Date()): Promise<RefreshResult> {
  const to = new Date(now.getTime() - SETTLE_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const watermark = await findRefreshWatermark(trx);
    const from = watermark ?? new Date(0).toISOString();
    if (to <= from) return null;
    if (!(await claimRefreshWindow(trx, watermark, to))) return null;
    const subjects = await findSubjectsVisibleBetween(trx, from, to);
    await recomputeRatings(trx, subjects, now);
    return { from, to, subjects: subjects.length };
  });
}

/**
 * Runs refreshDueRatings every `minutes` (first run shortly after start, to catch up on the time
 * the app was down) until the app closes; the close waits for a run in flight. Not started when
 * `minutes` is 0 (the test configuration).
 */
export function registerRatingRefresh(app: FastifyInstance, minutes: number): void {
  if (!(minutes > 0)) return;
  let inFlight: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || inFlight) return;
    inFlight = refreshDueRatings(app.db)
      .then((r) => {
        if (r && r.subjects > 0) app.log.info(r, 'refreshed cached ratings');
      })
      .catch((err: unknown) => app.log.error({ err }, 'rating refresh failed'))
      .finally(() => {
        inFlight = null;
      });
  };
  const first = setTimeout(tick, 5_000);
  const every = setInterval(tick, minutes * 60_000);
  first.unref();
  every.unref();
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await inFlight;
  });
}
