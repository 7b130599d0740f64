// `npm start`: build what is missing or stale, then run the production server in this terminal.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

try {
  buildIfNeeded();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.PORT ?? '3000' },
});

// The server closes cleanly on SIGINT/SIGTERM; pass ours on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
