/**
 * Initial JavaScript of `/`: builds the web app (unless --no-build), follows home.html's module
 * scripts and modulepreloads through their static imports (lazily loaded screens excluded), prints
 * each file's gzip size, writes the "Initial JavaScript" section of docs/performance.md and exits
 * non-zero over the 150 KB budget. The same check runs in the browser suite (e2e/run-e2e.mjs).
 * Usage: npm run bench:web-budget [-- --no-build]   (about 10 s)
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { machineLine, root, writeDocSection } from '../lib.ts';
import { BUDGET_BYTES, homeHtml, initialJs } from './initial-js.mjs';

const dist = path.join(root, 'apps/web/dist');
if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const html = homeHtml(dist);
const result = initialJs(dist, html);
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const within = result.gzip <= BUDGET_BYTES;
const lines = [
  '## Initial JavaScript',
  '',
  `What \`/\` (\`apps/web/dist/${html}\`) loads before any interaction: its entry and the chunks it`,
  'preloads (which `boot-after-paint.js` adds after the first frame) and every chunk those import',
  'statically; lazily loaded screens are not counted.',
  'Sizes are gzip at the default level (what the server sends with `@fastify/compress`), KB = 1000 bytes.',
  machineLine('npm run bench:web-budget'),
  '',
  '| file | bytes | gzip |',
  '| --- | ---: | ---: |',
  ...result.files
    .toSorted((a, b) => b.gzip - a.gzip)
    .map((f) => `| \`${f.file.replace(/-[\w-]{8}\.js$/, '.js')}\` | ${f.bytes} | ${f.gzip} |`),
  `| **total** | ${result.bytes} | **${result.gzip}** |`,
  '',
  `Budget ${kb(BUDGET_BYTES)} KB gzip: ${kb(result.gzip)} KB, ${within ? 'within' : 'OVER'} budget.`,
];
console.log(lines.join('\n'));
writeDocSection('web-budget', lines);
if (!within) {
  console.error(
    `initial JS of / is ${kb(result.gzip)} KB gzip, over the ${kb(BUDGET_BYTES)} KB budget`,
  );
  process.exit(1);
}
