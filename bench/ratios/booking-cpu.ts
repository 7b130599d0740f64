/**
 * What one booking costs the server's main thread: booking creation alone (the ratio bench's
 * requests, its server and data), in rounds, each reporting bookings per second and the CPU time
 * the server's main thread and the whole process spent per booking (from /proc, Linux only). The
 * per-booking time moves far less from run to run than req/s against a bare route, so a change of
 * a few per cent on the booking path shows; run each variant beside the unchanged server, in turn.
 * Run: npx tsx bench/ratios/booking-cpu.ts [--rounds=3] [--seconds=5] [--sql="drop index …"] …
 *   --sql: a statement the server runs once its data is in (repeatable), to measure a variant of
 *   the schema or of a pragma against the unchanged one. Prints only.
 */
import autocannon from 'autocannon';
import { cpuSeconds } from '../lib.ts';
import { bookingCannonRequest } from './booking.ts';
import { startServer } from './serve.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 5);
const CONNECTIONS = 10;
const statements = process.argv
  .filter((a) => a.startsWith('--sql='))
  .map((a) => a.slice('--sql='.length));

const { child, ready } = await startServer({ sql: statements });
try {
  const pid = child.pid!;
  const endpoint = ready.endpoints.find((e) => e.booking);
  if (!endpoint?.booking) throw new Error('the bench server has no booking endpoint');
  let sequence = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const mainBefore = cpuSeconds(pid, pid);
    const processBefore = cpuSeconds(pid);
    const result = await autocannon({
      url: ready.base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [bookingCannonRequest(endpoint.booking, endpoint.path, () => sequence++)],
    });
    const n = result.requests.total;
    const perBookingUs = (seconds: number) => ((seconds * 1e6) / n).toFixed(0);
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(
      `round ${round}: ${Math.round(n / result.duration)} bookings/s, main thread ` +
        `${perBookingUs(cpuSeconds(pid, pid) - mainBefore)} µs, process ` +
        `${perBookingUs(cpuSeconds(pid) - processBefore)} µs per booking` +
        (failed > 0 ? `, ${failed} non-2xx or errors` : ''),
    );
  }
  if (statements.length > 0) console.log(`variant: ${statements.join('; ')}`);
} finally {
  child.disconnect();
}
