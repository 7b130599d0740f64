import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const indexHtml = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

describe('the first Tab on any page', () => {
  it('lands on "Skip to content", which is in the HTML before the app has run', () => {
    // What the browser has before the scripts: the static screens (/login, /) hold nothing else
    // to focus, so without this the first Tab presses went nowhere while the app loaded.
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const first = page.body.querySelector(FOCUSABLE);
    expect(first?.textContent).toBe('Skip to content');
    expect(first?.getAttribute('href')).toBe('#main');
    // Outside what React renders into, so the app's start never takes it (or its focus) away.
    expect(page.getElementById('root')?.contains(first ?? null)).toBe(false);
  });

  it('has a target before the app has run (axe: skip links need one), inside what React replaces', () => {
    const page = new DOMParser().parseFromString(indexHtml, 'text/html');
    const target = page.getElementById('main');
    expect(target?.tagName).toBe('MAIN');
    expect(target?.closest('[aria-hidden="true"]')).toBeNull();
    // React's first render replaces #root's children: no second #main once the app's is there.
    expect(page.getElementById('root')?.contains(target)).toBe(true);
  });
});
