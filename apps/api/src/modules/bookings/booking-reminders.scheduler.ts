import type { FastifyInstance } from 'fastify';
import { runReminders } from './booking-reminders.service.ts';

/**
 * Runs runReminders every `seconds` from shortly after the app is ready until it closes (the
 * close waits for a run in flight). Runs never overlap within one instance; across instances the
 * database keeps every reminder single. Not started when `seconds` is 0 (the test configuration).
 */
export function registerBookingReminders(app: FastifyInstance, seconds: number): void {
  if (!(seconds > 0)) return;
  let inFlight: Promise<unknown> | null = null;
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;
  const tick = () => {
    if (stopped || inFlight) return;
    inFlight = runReminders(app)
      .then((done) => {
        if (Object.values(done).some((n) => n > 0)) app.log.info(done, 'booking reminders run');
      })
      .catch((err: unknown) => app.log.error({ err }, 'booking reminders run failed'))
      .finally(() => {
        inFlight = null;
      });
  };
  app.addHook('onReady', async () => {
    if (stopped) return;
    // The first run waits a little so start-up work (admin bootstrap, demo data) goes first.
    timers.push(setTimeout(tick, Math.min(seconds, 5) * 1000), setInterval(tick, seconds * 1000));
    for (const t of timers) t.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
    await inFlight;
  });
}
