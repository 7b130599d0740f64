/**
 * Chat delivery latency: the time from an owner's message POST to its `message` frame on the
 * sitter's live stream. Two runs: one instance (in-process fan-out), and POST on instance A with
 * the stream on instance B, both on one SQLite database and bridged through Redis (REDIS_URL,
 * default redis://127.0.0.1:6379).
 * Run: npx tsx bench/chat/latency.ts   (writes its section of docs/performance.md)
 * Loopback only, bounded: MESSAGES per run at RATE a second over PAIRS conversations.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { newId, nowIso } from '../../apps/api/src/lib/ids.ts';
import { insertBooking } from '../../apps/api/src/modules/bookings/index.ts';
import { openSession, SESSION_TTL_MS } from '../../apps/api/src/modules/auth/index.ts';
import { newUserRow } from '../../apps/api/src/lib/user-row.ts';
import { BENCH_SECRET, benchConfig, machineLine, writeDocSection } from '../lib.ts';

/** BENCH_DRY=1: a short smoke run that leaves docs/performance.md alone. */
const DRY = process.env.BENCH_DRY === '1';
const MESSAGES = DRY ? 40 : 300;
const RATE = 50; // messages a second, open loop
const PAIRS = 20; // keeps each sender far below the 60-a-minute chat limit
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Pair = { owner: string; sitter: string; booking: string };
type Stats = { n: number; p50: number; p90: number; p99: number; max: number; lost: number };

async function user(app: FastifyInstance, type: 'user' | 'provider', n: number, run: string) {
  const row = newUserRow({
    email: `${run}-${type}${n}@bench.test`,
    password_hash: 'not-a-real-hash',
    first_name: type === 'user' ? `Owner${n}` : `Sitter${n}`,
    last_name: 'Bench',
    phone: '+15550100',
    user_type: type,
    email_verified: 1,
  });
  await app.db.insertInto('users').values(row).execute();
  const token = (await openSession(app, row, SESSION_TTL_MS)).token;
  return { id: row.id, token };
}

/** PAIRS owner–sitter pairs, each with an accepted booking (written straight into the DB). */
async function pairs(app: FastifyInstance, run: string): Promise<Pair[]> {
  const out: Pair[] = [];
  for (let n = 0; n < PAIRS; n++) {
    const owner = await user(app, 'user', n, run);
    const sitter = await user(app, 'provider', n, run);
    const now = nowIso();
    const booking = newId();
    const start = new Date(Date.now() + 72 * 3600_000).toISOString();
    await insertBooking(app.db, {
      ...{ id: booking, owner_id: owner.id, provider_id: sitter.id, service: 'Dog walking' },
      ...{ pets: '[]', start_at: start, end_at: start, notes: '', status: 'accepted' },
      ...{ units: null, rate_cents: null, price_cents: null, currency: null },
      ...{ credits_applied: 0, credits_refunded: 0, cancelled_by: null, completed_at: null },
      ...{ created_at: now, updated_at: now },
    });
    out.push({ owner: owner.token, sitter: sitter.token, booking });
  }
  return out;
}

/** Opens the sitter's live stream on `base`; calls `onText` with each message's text on arrival. */
async function stream(
  base: string,
  ticketBase: string,
  token: string,
  onText: (t: string) => void,
) {
  const headers = { 'secret-key': BENCH_SECRET, 'x-auth-token': token };
  const res = await fetch(`${ticketBase}/api/notifications/stream-ticket`, {
    method: 'POST',
    headers,
  });
  const { data } = (await res.json()) as { data: { ticket: string } };
  const controller = new AbortController();
  const live = await fetch(`${base}/api/notifications/stream?ticket=${data.ticket}`, {
    signal: controller.signal,
  });
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of live.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const frames = buffer.split('\n\n');
        buffer = frames.pop() ?? '';
        for (const f of frames) {
          if (f.includes(': connected')) resolveReady();
          if (!f.startsWith('event: message\n')) continue;
          const line = f.split('\n').find((l) => l.startsWith('data: '));
          if (line) onText((JSON.parse(line.slice(6)) as { text: string }).text);
        }
      }
    } catch {
      // aborted at the end of the run
    }
  })();
  await ready;
  return () => controller.abort();
}

/** Sends MESSAGES at RATE a second to `postBase`, sitters listening on `streamBase`. */
async function measure(app: FastifyInstance, run: string, postBase: string, streamBase: string) {
  const list = await pairs(app, run);
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const onText = (text: string) => {
    const t0 = sentAt.get(text);
    if (t0 !== undefined) latencies.push(performance.now() - t0);
  };
  const closers = await Promise.all(
    list.map((p) => stream(streamBase, postBase, p.sitter, onText)),
  );
  const start = performance.now();
  const posts: Promise<unknown>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const pair = list[i % list.length]!;
    const text = `${run} message ${i}`;
    sentAt.set(text, performance.now());
    posts.push(
      fetch(`${postBase}/api/messages/`, {
        method: 'POST',
        headers: {
          'secret-key': BENCH_SECRET,
          'x-auth-token': pair.owner,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ bookingId: pair.booking, text }),
      }).then(async (r) => {
        if (r.status !== 201) throw new Error(`POST answered ${r.status}: ${await r.text()}`);
      }),
    );
  }
  await Promise.all(posts);
  await new Promise((r) => setTimeout(r, 1000)); // stragglers
  for (const close of closers) close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const stats: Stats = {
    n: latencies.length,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    lost: MESSAGES - latencies.length,
  };
  console.log(run, JSON.stringify(stats));
  return stats;
}

async function main() {
  const single = benchConfig('chat');
  const a = await buildApp(single);
  let one: Stats;
  try {
    const base = await a.listen({ port: 0, host: '127.0.0.1' });
    one = await measure(a, 'one', base, base);
  } finally {
    await a.close();
    fs.rmSync(single.dataDir, { recursive: true, force: true });
  }

  const shared = { ...benchConfig('chat-redis'), redisUrl: REDIS_URL };
  const postSide = await buildApp(shared);
  const streamSide = await buildApp(shared);
  let two: Stats;
  try {
    const postBase = await postSide.listen({ port: 0, host: '127.0.0.1' });
    const streamBase = await streamSide.listen({ port: 0, host: '127.0.0.1' });
    two = await measure(postSide, 'two', postBase, streamBase);
  } finally {
    await streamSide.close();
    await postSide.close();
    fs.rmSync(shared.dataDir, { recursive: true, force: true });
  }
  if (!DRY) writeSection(one, two);
}

function writeSection(one: Stats, two: Stats) {
  const row = (label: string, goal: number, s: Stats) =>
    `| ${label} | ${s.n} | ${s.p50} | ${s.p90} | ${s.p99} | ${s.max} | ${s.lost} | ${goal} | ${s.p99 <= goal ? 'met' : 'missed'} |`;
  writeDocSection('chat', [
    '## Chat delivery latency',
    '',
    machineLine('npx tsx bench/chat/latency.ts'),
    '',
    `Time from sending \`POST /api/messages/\` to the \`message\` frame reaching the other party's ` +
      `live stream (SSE), in ms. ${MESSAGES} messages per run, open loop at ${RATE} a second, ` +
      `over ${PAIRS} owner–sitter conversations on SQLite (WAL); each message is stored, pushed and ` +
      `notified (a notification row too) before the POST answers. "Across instances": POST on ` +
      `instance A, the stream on instance B, one database, fan-out through Redis pub/sub.`,
    '',
    '| run | delivered | p50 | p90 | p99 | max | lost | goal p99 | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    row('one instance', 50, one),
    row('across two instances through Redis', 100, two),
  ]);
}

await main();
