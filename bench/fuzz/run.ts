/**
 * The full fuzz run: the OpenAPI-driven fuzzer of apps/api/test/helpers/fuzz.ts sends
 * FUZZ_PER_PAIR (20) malformed and boundary requests for every (operation, role) pair of the
 * API's own document — 90 operations × 6 roles ≈ 10,800 requests — in process (app.inject) on a
 * fresh SQLite database, or on PostgreSQL with PAWSY_TEST_DB=postgres TEST_DATABASE_URL=….
 * Every answer must be < 500, every 4xx JSON with a message, no body a stack trace, SQL or an
 * internal path. Prints the seed; FUZZ_SEED=<n> replays a run exactly.
 * Run: npm run bench:fuzz   (~2–4 minutes; writes its section of docs/operations.md, one per engine)
 * BENCH_DRY=1: 2 requests per pair, docs left alone.
 */
import { SECRET_KEY, createTestApp } from '../../apps/api/test/helpers/app.ts';
import {
  createFixtures,
  describeFinding,
  fuzzEnv,
  ROLES,
  runFuzz,
} from '../../apps/api/test/helpers/fuzz.ts';
import { machineLine, writeDocSection } from '../lib.ts';

const DRY = process.env.BENCH_DRY === '1';
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const PER_PAIR = Number(process.env.FUZZ_PER_PAIR ?? (DRY ? 2 : 20));
const engine = process.env.PAWSY_TEST_DB === 'postgres' ? 'PostgreSQL' : 'SQLite';

console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npm run bench:fuzz), ${engine}`);
const t = await createTestApp(fuzzEnv());
const started = performance.now();
let result;
try {
  const fixtures = await createFixtures(t);
  result = await runFuzz(t, fixtures, {
    seed: SEED,
    perPair: PER_PAIR,
    secretKey: SECRET_KEY,
    onProgress: (n) => {
      if (n % 1000 === 0) console.log(`${n} requests`);
    },
  });
} finally {
  await t.close();
}
const seconds = (performance.now() - started) / 1000;
const classes = ['2xx', '3xx', '4xx', '5xx'].map((c) => [c, result.byStatusClass[c] ?? 0] as const);
const statuses = Object.entries(result.byStatus)
  .sort(([a], [b]) => Number(a) - Number(b))
  .map(([s, n]) => `${s}: ${n}`)
  .join(', ');
console.log(
  `${result.requests} requests in ${seconds.toFixed(1)} s; ${result.operationsCovered.size}/${result.operations} operations, ${result.roles.size}/${ROLES.length} roles`,
);
console.log(classes.map(([c, n]) => `${c} ${n}`).join(', '), `(${statuses})`);
for (const f of result.findings.slice(0, 50)) console.log(`FINDING ${describeFinding(f)}`);
console.log(`${result.findings.length} findings`);

if (!DRY) {
  writeDocSection(
    engine === 'SQLite' ? 'fuzz' : 'fuzz-postgres',
    [
      `### Fuzzing from the contract (${engine})`,
      '',
      machineLine('npm run bench:fuzz'),
      '',
      `Seed ${SEED} (replay with \`FUZZ_SEED=${SEED} npm run bench:fuzz\`), ${engine}, ` +
        `${PER_PAIR} requests per (operation, role) pair: ${result.requests} requests over ` +
        `${result.operationsCovered.size} of ${result.operations} operations of the OpenAPI document and ` +
        `all ${result.roles.size} roles (${ROLES.join(', ')}), in ${seconds.toFixed(0)} s.`,
      '',
      '| answers | requests |',
      '| --- | ---: |',
      ...classes.map(([c, n]) => `| ${c} | ${n} |`),
      '',
      `By status: ${statuses}.`,
      '',
      `Findings (5xx, a 4xx without a JSON message, a stack trace, SQL or an internal path in a body): ` +
        `**${result.findings.length}**.`,
    ],
    'operations.md',
  );
}
process.exitCode = result.findings.length ? 1 : 0;
