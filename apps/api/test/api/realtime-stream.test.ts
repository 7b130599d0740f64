import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { MAX_STREAMS_PER_USER } from '../../src/modules/notifications/notifications.stream.ts';
import { notifyUser } from '../../src/modules/notifications/notifications.service.ts';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser, DEFAULT_PASSWORD, type TestUser } from '../helpers/factories.ts';
import { describeIf, missingRedisUrl } from '../helpers/redis-server.ts';

type Caller = { call: TestApp['call'] };

/** POST /api/notifications/stream-ticket as the user; the ticket string. */
async function ticketFor(t: Caller, token: string): Promise<string> {
  const res = await t.call({ method: 'POST', url: '/api/notifications/stream-ticket', token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(Date.parse(body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
  return body.data.ticket as string;
}

/** Opens the SSE stream over real HTTP and collects frames as they arrive. */
async function openStream(base: string, query: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream?${query}`, {
    signal: controller.signal,
  });
  const frames: string[] = [];
  let buffer = '';
  let ended = false;
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        const parts = buffer.split('\n\n');
        buffer = parts.pop() ?? '';
        frames.push(...parts);
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  const waitFor = async (pred: (f: string) => boolean, ms = 5000) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const hit = frames.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no matching frame; got ${JSON.stringify(frames)}`);
  };
  /** Whether the server ended the stream within `ms`. */
  const endsWithin = async (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until && !ended) await new Promise((r) => setTimeout(r, 20));
    return ended;
  };
  return { res, frames, waitFor, endsWithin, close: async () => (controller.abort(), await done) };
}

const listen = async (app: FastifyInstance) => app.listen({ port: 0, host: '127.0.0.1' });

describe('live channel on one instance', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ SSE_HEARTBEAT_SECONDS: '0.2' });
    user = await createUser(t.app);
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('opens with a ticket and delivers a notification as an SSE frame', async () => {
    const s = await openStream(base, `ticket=${await ticketFor(t, user.token)}`);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('cache-control')).toContain('no-cache');
    expect(s.res.headers.get('x-accel-buffering')).toBe('no');
    await s.waitFor((f) => f.includes(': connected'));
    await notifyUser(t.app, user.id, { type: 'booking', message: 'live hello' });
    await t.app.realtime.publish(user.id, { type: 'message', data: { text: 'hi' } });
    const frame = await s.waitFor((f) => f.startsWith('event: notification'));
    const data = JSON.parse(
      frame
        .split('\n')
        .find((l) => l.startsWith('data: '))!
        .slice(6),
    );
    expect(data).toMatchObject({ message: 'live hello', type: 'booking' });
    await s.waitFor((f) => f.startsWith('event: message') && f.includes('"text":"hi"'));
    await s.close();
  });

  it('takes a ticket only once', async () => {
    const ticket = await ticketFor(t, user.token);
    const first = await openStream(base, `ticket=${ticket}`);
    expect(first.res.status).toBe(200);
    const again = await fetch(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toMatch(/ticket/i);
    await first.close();
  });

  it('answers HEAD without spending the ticket', async () => {
    const ticket = await ticketFor(t, user.token);
    const head = await fetch(`${base}/api/notifications/stream?ticket=${ticket}`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(3000),
    });
    expect(head.ok).toBe(false); // no such route (behind the secret-key gate: 401)
    const stream = await openStream(base, `ticket=${ticket}`);
    expect(stream.res.status).toBe(200);
    await stream.close();
  });

  it('refuses an expired ticket', async () => {
    const ticket = await ticketFor(t, user.token);
    await t.app.db
      .updateTable('stream_tickets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    const res = await fetch(`${base}/api/notifications/stream?ticket=${ticket}`);
    expect(res.status).toBe(401);
  });

  it('no longer takes the session token or the secret key in the URL', async () => {
    for (const q of [
      `token=${user.token}&secretKey=${SECRET_KEY}`,
      `ticket=garbage`,
      `ticket=${user.token}`,
      '',
    ]) {
      const res = await fetch(`${base}/api/notifications/stream?${q}`);
      // A session token is too long to pass for a ticket: refused by validation (400) at once.
      expect([400, 401], q).toContain(res.status);
      expect(((await res.json()) as { message: unknown }).message).toEqual(expect.any(String));
    }
    const withHeaders = await fetch(`${base}/api/notifications/stream`, {
      headers: { 'secret-key': SECRET_KEY, 'x-auth-token': user.token },
    });
    expect(withHeaders.status).toBe(401);
  });

  it('hands out tickets only to a logged-in caller that sends the secret key', async () => {
    const anonymous = await t.call({ method: 'POST', url: '/api/notifications/stream-ticket' });
    expect(anonymous.statusCode).toBe(401);
    const noKey = await t.call({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      token: user.token,
      noSecret: true,
    });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().message).toBe('Invalid or missing secret key');
  });

  it('ends the stream at the next heartbeat when its revocation never reached this instance', async () => {
    const other = await createUser(t.app);
    const s = await openStream(base, `ticket=${await ticketFor(t, other.token)}`);
    await s.waitFor((f) => f.includes(': connected'));
    // Revoked in the database only, as when Redis lost the revocation another instance sent.
    await t.app.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', other.id)
      .execute();
    expect(await s.endsWithin(2000)).toBe(true);
  });

  it('ends the stream when its session expires', async () => {
    const other = await createUser(t.app);
    const ticket = await ticketFor(t, other.token);
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 600).toISOString() })
      .where('user_id', '=', other.id)
      .execute();
    const s = await openStream(base, `ticket=${ticket}`);
    expect(s.res.status).toBe(200);
    expect(await s.endsWithin(3000)).toBe(true);
  });

  it(`holds at most ${MAX_STREAMS_PER_USER} streams per user`, async () => {
    const other = await createUser(t.app);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await openStream(base, `ticket=${await ticketFor(t, other.token)}`);
      expect(s.res.status).toBe(200);
      streams.push(s);
    }
    const extra = await fetch(
      `${base}/api/notifications/stream?ticket=${await ticketFor(t, other.token)}`,
    );
    expect(extra.status).toBe(429);
    expect(((await extra.json()) as { message: string }).message).toMatch(/live connections/);
    await streams.pop()!.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await openStream(base, `ticket=${await ticketFor(t, other.token)}`);
    expect(again.res.status).toBe(200);
    for (const s of [...streams, again]) await s.close();
  });
});

describe('a revoked session ends its stream at once, not at the next heartbeat', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Heartbeats five minutes apart: only the revocation itself can end these streams in time.
    t = await createTestApp({ SSE_HEARTBEAT_SECONDS: '300' });
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('logout ends the stream before anything else reaches it', async () => {
    const other = await createUser(t.app);
    const s = await openStream(base, `ticket=${await ticketFor(t, other.token)}`);
    await s.waitFor((f) => f.includes(': connected'));
    const out = await t.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: other.token,
      payload: { email: other.email },
    });
    expect(out.statusCode).toBe(200);
    await notifyUser(t.app, other.id, { type: 'message', message: 'sent after logout' });
    expect(await s.endsWithin(1000)).toBe(true);
    expect(s.frames.some((f) => f.includes('sent after logout'))).toBe(false);
    expect(t.app.sessionCache.listenerCount()).toBe(0);
  });

  it("a password change ends the other sessions' streams and keeps the changing session's", async () => {
    const other = await createUser(t.app);
    const second = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: other.email, password: DEFAULT_PASSWORD },
    });
    const kept = second.json().token as string;
    const old = await openStream(base, `ticket=${await ticketFor(t, other.token)}`);
    const current = await openStream(base, `ticket=${await ticketFor(t, kept)}`);
    await old.waitFor((f) => f.includes(': connected'));
    await current.waitFor((f) => f.includes(': connected'));
    const changed = await t.call({
      method: 'PUT',
      url: '/api/auth/update-password',
      token: kept,
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Brand-New-Pass-78' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await old.endsWithin(1000)).toBe(true);
    await notifyUser(t.app, other.id, { type: 'booking', message: 'still here' });
    await current.waitFor((f) => f.includes('still here'));
    expect(old.frames.some((f) => f.includes('still here'))).toBe(false);
    await current.close();
  });
});

describeIf(missingRedisUrl())('live channel across two instances through Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bBase: string;
  let user: TestUser;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: process.env.REDIS_URL! });
    b = await buildApp(a.app.config, { logger: false }); // same database, same Redis
    bBase = await listen(b);
    user = await createUser(a.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a ticket from A opens a stream on B, and a notification from A reaches it', async () => {
    const s = await openStream(bBase, `ticket=${await ticketFor(a, user.token)}`);
    await s.waitFor((f) => f.includes(': connected'));
    await notifyUser(a.app, user.id, { type: 'dispute', message: 'from instance A' });
    const frame = await s.waitFor((f) => f.includes('from instance A'));
    expect(frame.startsWith('event: notification')).toBe(true);
    await s.close();
  });

  it('a logout on A ends the stream open on B at once', async () => {
    const other = await createUser(a.app);
    const s = await openStream(bBase, `ticket=${await ticketFor(a, other.token)}`);
    await s.waitFor((f) => f.includes(': connected'));
    const out = await a.call({
      method: 'POST',
      url: '/api/auth/logout',
      token: other.token,
      payload: { email: other.email },
    });
    expect(out.statusCode).toBe(200);
    expect(await s.endsWithin(1000)).toBe(true);
  });
});
