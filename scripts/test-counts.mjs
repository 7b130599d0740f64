// Reads pass/fail counts from the runners' JSON reports, with a fallback on their text output.
import fs from 'node:fs';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Vitest's JSON reporter (Jest-compatible shape). */
export function readVitestJson(file) {
  const report = readJson(file);
  if (!report || typeof report.numTotalTests !== 'number') return null;
  return {
    passed: report.numPassedTests,
    failed: Math.max(report.numFailedTests, report.numFailedTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedNames: vitestFailures(report.testResults ?? []),
  };
}

/**
 * "file › test" for each failed test, and the file alone when it failed outside a test (it did
 * not load): named in the summary, whose lines are the last a truncated CI log still shows.
 */
function vitestFailures(files) {
  return files.flatMap((file) => {
    const name = String(file.name ?? '').replace(/^.*?\/(src|test)\//, '$1/');
    const tests = (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName ?? test.title}`);
    return tests.length === 0 && file.status === 'failed' ? [name] : tests;
  });
}

/**
 * Playwright's JSON reporter: a flaky test passed on retry and counts as passed, but is named in
 * `flaky` ("describe › test") so that a retry never hides an unreliable test.
 */
export function readPlaywrightJson(file) {
  const report = readJson(file);
  const stats = report?.stats;
  if (!stats || typeof stats.expected !== 'number') return null;
  return {
    passed: stats.expected + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    flaky: titlesWithStatus(report.suites ?? [], 'flaky'),
    failedNames: titlesWithStatus(report.suites ?? [], 'unexpected'),
  };
}

/** Titles of the tests with a status ('flaky', 'unexpected'); top-level suites (files) left out. */
function titlesWithStatus(suites, status, path = null) {
  return suites.flatMap((suite) => {
    const here = path === null ? [] : [...path, suite.title];
    const own = (suite.specs ?? [])
      .filter((spec) => (spec.tests ?? []).some((test) => test.status === status))
      .map((spec) => [...here, spec.title].join(' › '));
    return [...own, ...titlesWithStatus(suite.suites ?? [], status, here)];
  });
}

/** Last resort: the summary lines Vitest (`Tests  2 failed | 9 passed`) and Playwright print. */
export function parseTextCounts(output) {
  // eslint-disable-next-line no-control-regex
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const vitest = [...text.matchAll(/^\s*Tests\s+(.+)$/gm)].pop();
  const line = vitest ? vitest[1] : text.split('\n').slice(-40).join(' ');
  const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? NaN);
  const passed = count('passed');
  const failed = count('failed');
  if (Number.isNaN(passed) && Number.isNaN(failed)) return null;
  return {
    passed: passed || 0,
    failed: failed || 0,
    skipped: count('skipped') || 0,
  };
}
