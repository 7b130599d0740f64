// `npm run dev`: the API with reload on :3001 and Vite on :3000 (which proxies /api to it).
// Both run in their own process groups and stop together.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// A workspace may keep its own copy of a tool (apps/web has its own Vite): prefer that one.
const bin = (name, workspace = '.') =>
  [
    path.join(root, workspace, 'node_modules/.bin', name),
    path.join(root, 'node_modules/.bin', name),
  ].find((p) => fs.existsSync(p)) ?? name;
const webPort = '3000';
const apiPort = '3001';

const children = [
  {
    name: 'api',
    cmd: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'apps/api/src/server.ts'],
    env: {
      PORT: apiPort,
      // Mail links and payment redirects must point at the page the browser has open.
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
    },
  },
  {
    name: 'web',
    cmd: bin('vite', 'apps/web'),
    args: ['--port', webPort],
    cwd: 'apps/web',
    env: {},
  },
].map((c) => ({
  ...c,
  proc: spawn(c.cmd, c.args, {
    cwd: path.join(root, c.cwd ?? '.'),
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, ...c.env },
  }),
}));

let stopping = false;
function signalAll(signal) {
  for (const c of children) {
    if (c.proc.pid === undefined) continue;
    try {
      process.kill(-c.proc.pid, signal);
    } catch {
      // that group is already gone
    }
  }
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  signalAll('SIGTERM');
  // Whatever has not closed after a few seconds is killed; the process then exits on its own.
  setTimeout(() => signalAll('SIGKILL'), 5000).unref();
}

for (const c of children) {
  c.proc.on('error', (err) => {
    console.error(`${c.name} could not start: ${err.message}`);
    stopAll(1);
  });
  c.proc.on('exit', (code) => {
    if (!stopping) console.error(`\n${c.name} exited (${code ?? 'signal'}); stopping the other`);
    stopAll(code ?? 1);
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log(`Pawsy dev: web http://localhost:${webPort} (Vite), API http://localhost:${apiPort}`);
