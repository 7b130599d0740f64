import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk: the test run turns every CSS import into an empty module.
const firstPaint = readFileSync(path.join(import.meta.dirname, 'styles/first-paint.css'), 'utf8');
const rules = firstPaint.replace(/\/\*[\s\S]*?\*\//g, '');

describe('text people write never widens the page', () => {
  // jsdom knows no `overflow-wrap: anywhere` (it drops the value) and lays nothing out, so the
  // rules are read as written; the browser check is e2e/tests/layout-fit.spec.ts.
  it('a word longer than the screen may break anywhere, in any text of the app', () => {
    expect(rules).toMatch(/(^|[;}])\s*body\s*\{[^}]*overflow-wrap:\s*anywhere;/);
  });

  it('table headings keep their words whole beside a long cell', () => {
    expect(rules).toMatch(/(^|[;}])\s*th\s*\{[^}]*overflow-wrap:\s*normal;/);
  });
});
