/**
 * Platform overhead: every read endpoint of SPEC §7 (plus /healthz and booking creation) against
 * a bare Fastify route answering the same status and bytes with no hooks, side by side.
 * Run: npm run bench:ratios            (writes the `ratios` section of docs/performance.md)
 *      npm run bench:ratios -- --quick (1 s per measurement, one round; prints only)
 *      npm run bench:ratios -- --quick --only=user-profile --profile
 *        (endpoints whose label contains the text; the server under --cpu-prof into
 *        bench/ratios/profiles/, then: npx tsx bench/ratios/profile-summary.ts)
 * The server is bundled first as `npm start`'s is (apps/api/bundle-options.mjs) and run by plain
 * Node.js, so the figures are the production build's, not those of the source run through tsx.
 * autocannon, 10 connections, unpaced. Each endpoint gets an unmeasured second per side, then is
 * measured in six rounds of 2 s that alternate which side goes first (Pawsy, bare, bare, Pawsy,
 * …), so that load drift on the machine (which on a shared virtual machine moves the bare route's
 * figure by a third from one run to the next) hits both alike; the ratio is Pawsy's req/s over the
 * bare route's, summed over the rounds.
 */
import autocannon from 'autocannon';
import { machineLine, writeDocSection } from '../lib.ts';
import { bookingCannonRequest } from './booking.ts';
import type { Endpoint, ServerReady } from './server.ts';
import { startServer } from './serve.ts';

const QUICK = process.argv.includes('--quick');
const SECONDS = QUICK ? 1 : 2;
const ROUNDS = QUICK ? 1 : 6;
/** Unmeasured seconds per side before an endpoint's rounds, so that both are compiled hot. */
const WARM_UP = QUICK ? 0 : 1;
const CONNECTIONS = 10;
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
/** --profile: the server runs under --cpu-prof; summarise with profile-summary.ts. */
const PROFILE = process.argv.includes('--profile');

type Run = { requests: number; seconds: number; non2xx: number; errors: number };
/**
 * Booking creation continues its sequence across runs so that no request repeats another. The
 * bare twin is sent requests of the same shape from a sequence of its own: it answers ten times
 * as many, and on one shared sequence those alone pushed Pawsy's later dates past the 365 days a
 * booking may start within, so a whole round of Pawsy's answers became 400s.
 */
const sequences = { pawsy: 0, bare: 0 };

async function measure(
  base: string,
  e: Endpoint,
  path: string,
  seconds: number,
  side: keyof typeof sequences,
): Promise<Run> {
  const cast = e.booking;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      cast
        ? bookingCannonRequest(cast, path, () => sequences[side]++)
        : { method: e.method, path, headers: e.headers },
    ],
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

type Row = {
  e: Endpoint;
  pawsy: number;
  bare: number;
  ratio: number;
  failures: number;
};

async function main() {
  const { child, ready } = await startServer({ profile: PROFILE });
  const rows: Row[] = [];
  try {
    for (const [i, e] of ready.endpoints.entries()) {
      if (only && !e.label.includes(only)) continue;
      const sum = { pawsy: { n: 0, s: 0, bad: 0 }, bare: { n: 0, s: 0, bad: 0 } };
      /** One run of one side; a warm-up run counts its failures but not its requests. */
      const runSide = async (side: 'pawsy' | 'bare', seconds: number, counted: boolean) => {
        const run =
          side === 'pawsy'
            ? await measure(ready.base, e, e.path, seconds, side)
            : await measure(ready.bareBase, e, `/e/${i}`, seconds, side);
        sum[side].bad += run.non2xx + run.errors;
        if (!counted) return;
        sum[side].n += run.requests;
        sum[side].s += run.seconds;
      };
      if (WARM_UP > 0)
        for (const side of ['pawsy', 'bare'] as const) await runSide(side, WARM_UP, false);
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? (['pawsy', 'bare'] as const) : (['bare', 'pawsy'] as const);
        for (const side of order) await runSide(side, SECONDS, true);
      }
      const pawsy = sum.pawsy.n / sum.pawsy.s;
      const bare = sum.bare.n / sum.bare.s;
      const row = {
        e,
        pawsy: Math.round(pawsy),
        bare: Math.round(bare),
        ratio: pawsy / bare,
        failures: sum.pawsy.bad + sum.bare.bad,
      };
      rows.push(row);
      console.log(format(row));
    }
  } finally {
    child.disconnect();
  }
  const missed = rows.filter((r) => r.ratio < r.e.goal || r.failures > 0);
  console.log(
    missed.length === 0
      ? `all ${rows.length} endpoints meet their goal`
      : `${missed.length} of ${rows.length} endpoints miss their goal: ${missed.map((r) => r.e.label).join(', ')}`,
  );
  if (!QUICK && !only && !PROFILE) writeSection(rows, ready);
  // A miss is a failed run (the section above still records it), as the fuzz and crash scripts do.
  if (missed.length > 0) process.exitCode = 1;
}

function format(r: Row): string {
  const mark = r.ratio >= r.e.goal && r.failures === 0 ? 'ok' : 'MISSED';
  return (
    `${r.e.label.padEnd(48)} pawsy ${String(r.pawsy).padStart(6)}  bare ${String(r.bare).padStart(6)}` +
    `  ratio ${r.ratio.toFixed(2)}  goal ≥ ${r.e.goal.toFixed(2)}  ${mark}` +
    (r.failures > 0 ? `  (${r.failures} non-2xx/errors)` : '')
  );
}

function writeSection(rows: Row[], ready: ServerReady) {
  const n = (x: number) => x.toLocaleString('en-US');
  writeDocSection('ratios', [
    '## Platform overhead: every endpoint against a bare route',
    '',
    machineLine('npm run bench:ratios'),
    '',
    `The server is the production bundle (esbuild, as \`npm start\` runs it) under plain Node.js. ` +
      `SQLite (WAL), production settings, the demo data plus ${n(ready.population.users)} users in all, ` +
      `${n(ready.population.bookings)} bookings and ${n(ready.population.messages)} messages when the ` +
      `runs began. Each Pawsy endpoint is answered by the whole app (secret key, session, rate limit, ` +
      `security headers, logging, serialisation); its twin is a bare Fastify route (no hooks, no ` +
      `plugins) in the same process answering the same status and bytes. autocannon, ${CONNECTIONS} ` +
      `connections, loopback, unpaced; per endpoint ${WARM_UP} s per side unmeasured, then ${ROUNDS} ` +
      `rounds of ${SECONDS} s per side, alternating which side goes first. Booking creation: each request a new direct request (owner and sitter pairs ` +
      `in turn, no two overlapping).`,
    '',
    '| endpoint | bytes | Pawsy req/s | bare req/s | ratio | goal | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| \`${r.e.label}\` | ${n(r.e.bytes)} | ${n(r.pawsy)} | ${n(r.bare)} | ${r.ratio.toFixed(2)} | ` +
        `≥ ${r.e.goal.toFixed(2)} | ${r.ratio >= r.e.goal && r.failures === 0 ? 'met' : `**missed**${r.failures ? ` (${r.failures} non-2xx)` : ''}`} |`,
    ),
  ]);
}

await main();
