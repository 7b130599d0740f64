// node --test scripts/test-counts.test.mjs (not `scripts/`: node would run test.mjs, i.e. npm test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { parseTextCounts, readPlaywrightJson, readVitestJson } from './test-counts.mjs';

const spec = (title, status) => ({ title, tests: [{ projectName: 'chromium', status }] });

/** A Playwright JSON report in the reporter's shape: file suites holding describe suites. */
function writeReport(report) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-counts-')), 'e2e.json');
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

test('a browser test that passed only on retry counts as passed and is named as flaky', () => {
  const file = writeReport({
    stats: { expected: 3, unexpected: 1, flaky: 2, skipped: 1 },
    suites: [
      {
        title: 'bookings.spec.ts',
        file: 'bookings.spec.ts',
        specs: [spec('lists bookings', 'flaky')],
        suites: [
          {
            title: 'booking flow',
            file: 'bookings.spec.ts',
            specs: [spec('requests', 'expected'), spec('accepts', 'flaky')],
            suites: [],
          },
        ],
      },
      {
        title: 'auth.spec.ts',
        file: 'auth.spec.ts',
        specs: [spec('logs in', 'expected'), spec('logs out', 'unexpected')],
      },
    ],
  });
  assert.deepEqual(readPlaywrightJson(file), {
    passed: 5,
    failed: 1,
    skipped: 1,
    flaky: ['lists bookings', 'booking flow › accepts'],
    failedNames: ['logs out'],
  });
});

test('a run without flaky tests names none', () => {
  const file = writeReport({ stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 } });
  assert.deepEqual(readPlaywrightJson(file), {
    passed: 2,
    failed: 0,
    skipped: 0,
    flaky: [],
    failedNames: [],
  });
});

test('a missing report gives no counts, and the text fallback reads Vitest', () => {
  assert.equal(readPlaywrightJson('/nonexistent/e2e.json'), null);
  assert.deepEqual(parseTextCounts('      Tests  2 failed | 9 passed (11)\n'), {
    passed: 9,
    failed: 2,
    skipped: 0,
  });
});

test('a Vitest report names its failed tests, and a file that failed outside any test', () => {
  const file = writeReport({
    numTotalTests: 3,
    numPassedTests: 1,
    numFailedTests: 1,
    numFailedTestSuites: 2,
    numPendingTests: 1,
    testResults: [
      {
        name: '/check/apps/web/src/features/a.test.tsx',
        status: 'failed',
        assertionResults: [
          { fullName: 'a shows it', status: 'passed' },
          { fullName: 'a counts again', status: 'failed' },
        ],
      },
      { name: '/check/apps/web/src/b.test.tsx', status: 'failed', assertionResults: [] },
      { name: '/check/apps/web/src/c.test.tsx', status: 'passed', assertionResults: [] },
    ],
  });
  assert.deepEqual(readVitestJson(file), {
    passed: 1,
    failed: 2,
    skipped: 1,
    failedNames: ['src/features/a.test.tsx › a counts again', 'src/b.test.tsx'],
  });
});
