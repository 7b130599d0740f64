// `npm test`: API + unit tests, web tests, then the browser tests; stops at the first failure.
// Ends with a plain `N passed, N failed` line totalled over every runner.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTextCounts, readPlaywrightJson, readVitestJson } from './test-counts.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Under CI a run that quietly tested SQLite only, or without Redis, would pass while testing less.
const isCi = process.env.CI === 'true' || process.env.CI === '1';
const unset = ['TEST_DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
if (isCi && unset.length > 0) {
  console.error(`CI=true but ${unset.join(' and ')} unset: PostgreSQL and Redis are required.`);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-test-'));

const vitestArgs = (file) => [
  '--',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${file}`,
];
const runners = [
  {
    name: dbLabel(),
    args: ['run', 'test', '-w', 'apps/api', ...vitestArgs(path.join(reportDir, 'api.json'))],
    json: path.join(reportDir, 'api.json'),
    read: readVitestJson,
  },
  {
    name: 'web (Vitest)',
    args: ['run', 'test', '-w', 'apps/web', ...vitestArgs(path.join(reportDir, 'web.json'))],
    json: path.join(reportDir, 'web.json'),
    read: readVitestJson,
  },
  {
    name: 'e2e (Playwright, Chromium)',
    args: ['run', 'test', '-w', 'e2e'],
    env: { PAWSY_E2E_JSON: path.join(reportDir, 'e2e.json') },
    json: path.join(reportDir, 'e2e.json'),
    read: readPlaywrightJson,
  },
];

function dbLabel() {
  return process.env.TEST_DATABASE_URL
    ? 'api + unit (Vitest, SQLite + PostgreSQL)'
    : 'api + unit (Vitest, SQLite only: TEST_DATABASE_URL unset)';
}

function run(runner) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn('npm', runner.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...runner.env },
    });
    const tee = (stream) => (chunk) => {
      stream.write(chunk);
      output += chunk.toString();
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const results = [];
let failedRunner = null;
for (const runner of runners) {
  console.log(`\n━━ ${runner.name} ━━`);
  const started = Date.now();
  const { code, output } = await run(runner);
  const seconds = (Date.now() - started) / 1000;
  const counts = runner.read(runner.json) ?? parseTextCounts(output);
  const skippedRun = code === 0 && !counts && /e2e skipped:/.test(output);
  const result = {
    name: runner.name,
    code,
    seconds,
    passed: counts?.passed ?? 0,
    // A runner that failed before counting anything (a file that does not load) still failed.
    failed: Math.max(counts?.failed ?? 0, code !== 0 ? 1 : 0),
    skipped: counts?.skipped ?? 0,
    flaky: counts?.flaky ?? [],
    failedNames: counts?.failedNames ?? [],
    note: skippedRun ? 'skipped (no Chromium)' : '',
  };
  results.push(result);
  if (code !== 0) {
    failedRunner = runner.name;
    break;
  }
}
fs.rmSync(reportDir, { recursive: true, force: true });

console.log('\n━━ Summary ━━');
for (const r of results) {
  const status = r.code === 0 ? 'ok  ' : 'FAIL';
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(
    `${status}  ${r.name.padEnd(58)} ${counts.padEnd(30)} ${r.seconds.toFixed(1)} s ${r.note}`,
  );
}
for (const runner of runners.slice(results.length)) {
  console.log(`--    ${runner.name.padEnd(58)} not run (an earlier step failed)`);
}
if (failedRunner) console.log(`\nStopped: ${failedRunner} failed.`);

// Flaky tests passed on retry: counted as passed, but named so that nobody mistakes them for fine.
const flaky = results.flatMap((r) => r.flaky);
if (flaky.length > 0) console.log(`\nflaky: ${flaky.length} (${flaky.join(', ')})`);

// The failed tests by name: a CI log cut to its tail still says which ones.
const failedNames = results.flatMap((r) => r.failedNames);
for (const name of failedNames.slice(0, 20)) console.log(`failed: ${name}`);
if (failedNames.length > 20) console.log(`failed: … and ${failedNames.length - 20} more`);

const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const skipped = total('skipped');
console.log(
  `\n${total('passed')} passed, ${total('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(failedRunner ? 1 : 0);
