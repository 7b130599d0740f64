// Lighthouse on the home page of `npm start` (fresh DATA_DIR, free port), in Debian's Chromium,
// mobile emulation. Writes scores and key metrics into docs/performance.md between
// <!-- lighthouse --> and <!-- /lighthouse -->, and prints what Lighthouse flags.
// Usage: node bench/lighthouse.mjs [path]   (default path: /)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pagePath = process.argv[2] ?? '/';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-lh-'));
const report = path.join(dataDir, 'lighthouse.json');
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
for (const key of ['DATABASE_URL', 'REDIS_URL']) delete env[key];
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});

try {
  const url = `http://localhost:${port}${pagePath}`;
  await waitFor(`http://127.0.0.1:${port}/healthz`, 300_000);
  console.log(`Lighthouse on ${url} …`);
  const lh = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      '--form-factor=mobile',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${report}`,
      `--chrome-flags=${chromeFlags}`,
      '--quiet',
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, stdio: 'inherit' },
  );
  if (lh.status !== 0) throw new Error(`lighthouse exited with ${lh.status}`);
  const result = JSON.parse(fs.readFileSync(report, 'utf8'));
  const section = renderSection(result, pagePath);
  writeSection(section);
  console.log(section);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already stopped
  }
  await new Promise((r) => setTimeout(r, 1000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function renderSection(result, page) {
  const flagged = findings(result);
  const score = (id) => Math.round((result.categories[id]?.score ?? 0) * 100);
  const audit = (id) => result.audits[id];
  const ms = (id) => `${(audit(id).numericValue / 1000).toFixed(2)} s`;
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const machine = `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`;
  return [
    '## Lighthouse',
    '',
    `\`${page}\` served by \`npm start\` (SQLite, demo data), Lighthouse ${result.lighthouseVersion}, ` +
      `mobile emulation with simulated throttling, ${result.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}.`,
    `Run ${new Date(result.fetchTime).toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.`,
    'Reproduce: `node bench/lighthouse.mjs`. Targets: performance ≥ 90, accessibility ≥ 95.',
    '',
    '| category | score |',
    '| --- | --- |',
    `| performance | ${score('performance')} |`,
    `| accessibility | ${score('accessibility')} |`,
    `| best practices | ${score('best-practices')} |`,
    `| SEO | ${score('seo')} |`,
    '',
    '| metric | value |',
    '| --- | --- |',
    `| First Contentful Paint | ${ms('first-contentful-paint')} |`,
    `| Largest Contentful Paint | ${ms('largest-contentful-paint')} |`,
    `| Total Blocking Time | ${Math.round(audit('total-blocking-time').numericValue)} ms |`,
    `| Cumulative Layout Shift | ${audit('cumulative-layout-shift').numericValue.toFixed(3)} |`,
    `| Speed Index | ${ms('speed-index')} |`,
    ...(flagged.length > 0 ? ['', 'Flagged by Lighthouse:', '', ...flagged] : []),
  ].join('\n');
}

function writeSection(section) {
  const file = path.join(root, 'docs/performance.md');
  const start = '<!-- lighthouse -->';
  const end = '<!-- /lighthouse -->';
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${section}\n${end}`;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  fs.writeFileSync(file, re.test(text) ? text.replace(re, block) : `${text}\n${block}\n`);
}

/** What to fix: failed audits of each category, biggest savings first, as indented lines. */
function findings(result) {
  const lines = [];
  for (const category of Object.values(result.categories)) {
    const failed = category.auditRefs
      .map((ref) => result.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0));
    if (failed.length === 0) continue;
    lines.push(`- ${category.title} (${Math.round(category.score * 100)}):`);
    for (const a of failed.slice(0, 8)) {
      const saving = a.details?.overallSavingsMs
        ? ` (~${Math.round(a.details.overallSavingsMs)} ms)`
        : '';
      const shown = a.displayValue ? ` — ${a.displayValue}` : '';
      lines.push(`  - \`${a.id}\`: ${a.title.replace(/`/g, '')}${saving}${shown}`);
      for (const item of (a.details?.items ?? []).slice(0, 3)) {
        const where = item.url ?? item.node?.selector;
        if (!where) continue;
        const kib = item.wastedBytes ? `, ${Math.round(item.wastedBytes / 1024)} KiB unused` : '';
        const ms = item.wastedMs ? `, ${Math.round(item.wastedMs)} ms` : '';
        const place = String(where)
          .replace(/^https?:\/\/[^/]+/, '')
          .slice(0, 100);
        lines.push(`    - \`${place}\`${kib}${ms}`);
      }
    }
  }
  return lines;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited (${server.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in time`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port: p } = srv.address();
      srv.close(() => resolve(p));
    });
  });
}
