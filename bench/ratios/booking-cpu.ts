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
import fs from 'node:fs';
import autocannon from 'autocannon';
import { BOOKING_SEQUENCE_SPAN, bookingRequest } from './booking.ts';
import { startServer } from './serve.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 5);
const CONNECTIONS = 10;
const statements = process.argv
  .filter((a) => a.startsWith('--sql='))
  .map((a) => a.slice('--sql='.length));

/** User plus system CPU time in clock ticks (USER_HZ, 100 on Linux) of a process or thread. */
function cpuTicks(statFile: string): number {
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
const TICK_US = 10_000;

const { child, ready } = await startServer({ sql: statements });
try {
  const pid = child.pid!;
  const endpoint = ready.endpoints.find((e) => e.booking);
  if (!endpoint?.booking) throw new Error('the bench server has no booking endpoint');
  const cast = endpoint.booking;
  let sequence = 0;
  const rows: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const mainBefore = cpuTicks(`/proc/${pid}/task/${pid}/stat`);
    const processBefore = cpuTicks(`/proc/${pid}/stat`);
    const result = await autocannon({
      url: ready.base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            method: 'POST',
            path: endpoint.path,
            ...bookingRequest(cast, sequence++ % BOOKING_SEQUENCE_SPAN),
          }),
        },
      ],
    });
    const n = result.requests.total;
    const mainUs = ((cpuTicks(`/proc/${pid}/task/${pid}/stat`) - mainBefore) * TICK_US) / n;
    const processUs = ((cpuTicks(`/proc/${pid}/stat`) - processBefore) * TICK_US) / n;
    const failed = result.non2xx + result.errors + result.timeouts;
    rows.push(
      `round ${round + 1}: ${Math.round(n / result.duration)} bookings/s, main thread ` +
        `${mainUs.toFixed(0)} µs, process ${processUs.toFixed(0)} µs per booking` +
        (failed > 0 ? `, ${failed} non-2xx or errors` : ''),
    );
    console.log(rows.at(-1));
  }
  if (statements.length > 0) console.log(`variant: ${statements.join('; ')}`);
} finally {
  child.disconnect();
}
