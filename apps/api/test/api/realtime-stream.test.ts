import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { notifyUser } from '../../src/modules/notifications/notifications.service.ts';
import { createTestApp, SECRET_KEY, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/** Opens the SSE stream over real HTTP and collects frames as they arrive. */
async function openStream(base: string, query: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notifications/stream?${query}`, {
    signal: controller.signal,
  });
  const frames: string[] = [];
  let buffer = '';
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
  return { res, frames, waitFor, close: async () => (controller.abort(), await done) };
}

const listen = async (app: FastifyInstance) => app.listen({ port: 0, host: '127.0.0.1' });

describe('live channel on one instance', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.app);
    base = await listen(t.app);
  });
  afterAll(() => t.close());

  it('delivers a notification to the connected client as an SSE frame', async () => {
    const s = await openStream(base, `token=${user.token}&secretKey=${SECRET_KEY}`);
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

  it('refuses a missing or wrong secret key and a missing or bad token', async () => {
    for (const q of [
      `token=${user.token}`,
      `token=${user.token}&secretKey=nope`,
      `secretKey=${SECRET_KEY}`,
      `token=garbage&secretKey=${SECRET_KEY}`,
    ]) {
      const res = await fetch(`${base}/api/notifications/stream?${q}`);
      expect(res.status, q).toBe(401);
      expect(((await res.json()) as { message: unknown }).message).toEqual(expect.any(String));
    }
  });

  it('accepts the usual headers too', async () => {
    const res = await fetch(`${base}/api/notifications/stream`, {
      headers: { 'secret-key': SECRET_KEY, 'x-auth-token': user.token },
    });
    expect(res.status).toBe(200);
    await res.body?.cancel();
  });
});

describe('live channel across two instances through Redis', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    b = await buildApp(a.app.config, { logger: false }); // same database, same Redis
    user = await createUser(a.app);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a notification stored and published on A reaches a client connected to B', async () => {
    const base = await listen(b);
    const s = await openStream(base, `token=${user.token}&secretKey=${SECRET_KEY}`);
    await s.waitFor((f) => f.includes(': connected'));
    await notifyUser(a.app, user.id, { type: 'dispute', message: 'from instance A' });
    const frame = await s.waitFor((f) => f.includes('from instance A'));
    expect(frame.startsWith('event: notification')).toBe(true);
    await s.close();
  });
});
