// Builds the web app and the API only when their output is missing or older than their sources.
// Shared by `npm start` (scripts/start.mjs) and the e2e runner (e2e/run-e2e.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const r = (...p) => path.join(root, ...p);

const contractSources = [r('packages/contract/src'), r('packages/contract/package.json')];

/** What each build reads and the file whose age stands for its output. */
export const targets = [
  {
    name: 'web',
    workspace: 'apps/web',
    output: r('apps/web/dist/index.html'),
    sources: [
      r('apps/web/src'),
      r('apps/web/public'),
      r('apps/web/index.html'),
      r('apps/web/vite.config.ts'),
      r('apps/web/package.json'),
      ...contractSources,
    ],
  },
  {
    name: 'api',
    workspace: 'apps/api',
    output: r('apps/api/dist/server.js'),
    sources: [
      r('apps/api/src'),
      r('apps/api/build.mjs'),
      r('apps/api/bundle-options.mjs'),
      r('apps/api/package.json'),
      ...contractSources,
    ],
  },
];

// Tests next to the sources are not part of the build; changing them must not trigger one.
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** Newest modification time (ms) of the files under the given paths; 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(p, entry));
      }
    } else if (!isTestFile(path.basename(p))) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

/** Why a target needs building, or null when its output is up to date. */
export function staleReason(target) {
  let built;
  try {
    built = fs.statSync(target.output).mtimeMs;
  } catch {
    return 'not built yet';
  }
  return newestMtime(target.sources) > built ? 'sources changed since the last build' : null;
}

/** Builds every stale target in order (web first, the API serves it); throws when a build fails. */
export function buildIfNeeded({ log = console.log } = {}) {
  for (const target of targets) {
    const reason = staleReason(target);
    if (!reason) continue;
    log(`Building ${target.name} (${reason})…`);
    const started = Date.now();
    const res = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    if (res.status !== 0) {
      throw new Error(`Building ${target.name} failed (npm run build -w ${target.workspace})`);
    }
    log(`Built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
