/**
 * Upload memory: the production server (apps/api/src/server.ts through tsx, SQLite, local store)
 * in its own process takes parallel multipart uploads, and its peak resident memory (VmHWM of
 * /proc/<pid>/status, Linux) is read after each scenario, on a fresh server each time:
 * - one account sends UPLOADS_N (8) KYC submissions of 5 × 10 MB at once (the security test's case);
 * - UPLOADS_N accounts send one such submission each (no per-account limit applies);
 * - 10 accounts each send a 7000 × 7000 PNG (~50 KB) to PUT /api/user/update-profile at once.
 * Run: npm run bench:uploads   (~1.5 minutes; writes its section of docs/performance.md)
 * BENCH_DRY=1 prints the section instead.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { newUserRow } from '../../apps/api/src/lib/user-row.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import {
  BENCH_SECRET,
  benchEnv,
  machineLine,
  freePort,
  spawnServer,
  writeDocSection,
} from '../lib.ts';

const DRY = process.env.BENCH_DRY === '1';
const N = Number(process.env.UPLOADS_N ?? 8);
const FILES = 5;
const FILE_BYTES = 10 * 1024 * 1024;
const PHOTO_SENDERS = 10;

type Account = { id: string; token: string };
type Outcome = {
  label: string;
  idleMb: number;
  peakMb: number;
  afterMb: number;
  seconds: number;
  statuses: string;
  slowestMs: number;
};

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function accounts(dataDir: string, count: number, prefix: string): Promise<Account[]> {
  const app = await buildApp(loadConfig(benchEnv(dataDir)), { logger: false });
  const out: Account[] = [];
  try {
    for (let n = 0; n < count; n += 1) {
      const row = newUserRow({
        email: `${prefix}${n}@bench.test`,
        password_hash: 'not-a-real-hash',
        first_name: `Upload${n}`,
        last_name: 'Bench',
        phone: '+15550100',
        user_type: 'user',
        email_verified: 1,
        service_rates: '{}',
        city: 'Austin',
      });
      await app.db.insertInto('users').values(row).execute();
      out.push({ id: row.id, token: (await openSession(app, row, SESSION_TTL_MS)).token });
    }
  } finally {
    await app.close();
  }
  return out;
}

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...benchEnv(dataDir),
    HOST: '127.0.0.1',
    PORT: String(port),
    REMINDERS_INTERVAL_SECONDS: '0',
    RATING_REFRESH_MINUTES: '0',
    // Each request's answer in the log: answeredStatuses reads what the client could not.
    LOG_LEVEL: 'info',
  };
  const logFile = path.join(dataDir, 'server.log');
  const args = ['--import', 'tsx', 'apps/api/src/server.ts'];
  return { child: await spawnServer({ args, env, base, logFile }), base };
}

/**
 * The statuses the server answered the scenario's uploads (POST and PUT) with, from its request
 * log. A refusal sent before a body was read (429, 413, 403) closes the connection, and a client
 * still sending its 50 MB (Node's fetch) sees only the closed socket, never the status.
 */
function answeredStatuses(dataDir: string): Map<string, number> {
  const lines = fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').split('\n');
  const uploads = new Set<string>();
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as {
      reqId?: string;
      req?: { method?: string };
      res?: { statusCode?: number };
    };
    if (!entry.reqId) continue;
    if (entry.req?.method === 'POST' || entry.req?.method === 'PUT') uploads.add(entry.reqId);
    else if (entry.res?.statusCode && uploads.has(entry.reqId)) {
      const status = String(entry.res.statusCode);
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
  }
  return counts;
}

/** One scenario on a fresh server and DATA_DIR with `count` accounts; every request of `requests`
 * is sent at once. */
async function scenario(
  label: string,
  count: number,
  requests: (base: string, cast: Account[]) => (() => Promise<Response>)[],
): Promise<Outcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-bench-uploads-'));
  try {
    const cast = await accounts(dataDir, count, label.replace(/\W+/g, '-'));
    const { child, base } = await startServer(dataDir);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idle = memoryOf(child.pid!);
      const counts = new Map<string, number>();
      let slowestMs = 0;
      const t0 = performance.now();
      await Promise.all(
        requests(base, cast).map(async (send) => {
          const started = performance.now();
          const status = await send().then(
            async (res) => {
              await res.arrayBuffer();
              return String(res.status);
            },
            (err: unknown) => `error ${(err as Error).message}`,
          );
          slowestMs = Math.max(slowestMs, Math.round(performance.now() - started));
          counts.set(status, (counts.get(status) ?? 0) + 1);
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const after = memoryOf(child.pid!);
      const outcome: Outcome = {
        label,
        idleMb: idle.rss,
        peakMb: after.peak,
        afterMb: after.rss,
        seconds: Math.round(seconds * 10) / 10,
        statuses: statusLine(counts, answeredStatuses(dataDir)),
        slowestMs,
      };
      console.log(outcome);
      return outcome;
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * What the server answered ("1 × 201, 1 × 409, 6 × 429"), and how many of those answers the
 * client could not read because the server closed the connection while it was still sending.
 */
function statusLine(client: Map<string, number>, server: Map<string, number>): string {
  const line = (m: Map<string, number>) =>
    [...m]
      .sort()
      .map(([s, n]) => `${n} × ${s}`)
      .join(', ');
  const unread = [...client].filter(([s]) => s.startsWith('error')).reduce((t, [, n]) => t + n, 0);
  const answered = [...server.values()].reduce((t, n) => t + n, 0);
  if (answered === 0) return line(client);
  return unread === 0
    ? line(server)
    : `${line(server)} (${unread} of them refused before the body was read: the client saw the connection close)`;
}

const headers = (account: Account) => ({
  'secret-key': BENCH_SECRET,
  'x-auth-token': account.token,
});

/** A KYC submission as the web client sends it: fields first, then five 10 MB PDFs. */
function kycForm(account: Account, document: Blob): FormData {
  const form = new FormData();
  form.append('text', 'Passport and proof of address');
  form.append('userId', account.id);
  for (let i = 0; i < FILES; i += 1) form.append('documents', document, `doc${i}.pdf`);
  return form;
}

async function main() {
  const pdf = Buffer.alloc(FILE_BYTES, 0x20);
  pdf.write('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 0, 'latin1');
  pdf.write('\n%%EOF\n', FILE_BYTES - 7, 'latin1');
  const document = new Blob([pdf], { type: 'application/pdf' });
  const png = await sharp({
    create: { width: 7000, height: 7000, channels: 3, background: '#7fb0d0' },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const photo = new Blob([png], { type: 'image/png' });

  const kyc = (base: string, account: Account) =>
    fetch(`${base}/api/kyc`, {
      method: 'POST',
      headers: headers(account),
      body: kycForm(account, document),
    });
  const oneAccount = await scenario(`one account, ${N} KYC submissions at once`, 1, (base, cast) =>
    Array.from({ length: N }, () => () => kyc(base, cast[0]!)),
  );
  const manyAccounts = await scenario(`${N} accounts, one KYC submission each`, N, (base, cast) =>
    cast.map((account) => () => kyc(base, account)),
  );
  const photos = await scenario(
    `${PHOTO_SENDERS} accounts, one 7000 × 7000 PNG profile photo each`,
    PHOTO_SENDERS,
    (base, cast) =>
      cast.map((account) => () => {
        const form = new FormData();
        form.append('bio', 'Bench');
        form.append('image', photo, 'huge.png');
        return fetch(`${base}/api/user/update-profile`, {
          method: 'PUT',
          headers: headers(account),
          body: form,
        });
      }),
  );

  const rows = [oneAccount, manyAccounts, photos];
  const lines = [
    '## Upload memory',
    '',
    machineLine('npm run bench:uploads'),
    '',
    `Each row is a fresh production server (\`apps/api/src/server.ts\`, SQLite, local store) in its ` +
      `own process; all requests of a row are sent at once. KYC submissions carry the fields first, ` +
      `then ${FILES} PDFs of ${FILE_BYTES / 1024 / 1024} MB; the photo is a ${Math.round(png.length / 1024)} KB ` +
      `PNG of 7000 × 7000 px. Peak is the server's VmHWM, "after" its RSS 2 s after the last answer.`,
    '',
    '| scenario | idle RSS (MB) | peak RSS (MB) | RSS after (MB) | wall (s) | slowest answer (ms) | answers |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.idleMb} | ${r.peakMb} | ${r.afterMb} | ${r.seconds} | ${r.slowestMs} | ${r.statuses} |`,
    ),
  ];
  if (DRY) console.log(lines.join('\n'));
  else writeDocSection('uploads', lines);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
