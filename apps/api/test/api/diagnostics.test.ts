import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

/** GET /api/_diag (bench/soak's view of a server): off unless PAWSY_DIAGNOSTICS, loopback only. */
describe('diagnostics route', () => {
  let off: TestApp;
  let on: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    off = await createTestApp();
    on = await createTestApp({ PAWSY_DIAGNOSTICS: 'true' });
    user = await createUser(on.app);
  });
  afterAll(async () => {
    await off.close();
    await on.close();
  });

  it('does not exist without PAWSY_DIAGNOSTICS', async () => {
    const res = await off.call({ method: 'GET', url: '/api/_diag' });
    expect(res.statusCode).toBe(404);
  });

  it('answers a caller on this machine, and still wants the secret key', async () => {
    const res = await on.call({ method: 'GET', url: '/api/_diag', remoteAddress: '127.0.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pid).toBe(process.pid);
    expect(body.memory.rss).toBeGreaterThan(0);
    expect(body.realtimeListeners).toBe(0);
    expect(body.revocationListeners).toBe(0);
    expect(typeof body.processListeners.SIGTERM).toBe('number');
    const bare = await on.call({ method: 'GET', url: '/api/_diag', noSecret: true });
    expect(bare.statusCode).toBe(401);
  });

  it('reports how late the event loop ran since the previous call', async () => {
    const diag = async () => (await on.call({ method: 'GET', url: '/api/_diag' })).json();
    await diag();
    // Block the loop for 200 ms, then let the monitor's timer run late once.
    const until = performance.now() + 200;
    while (performance.now() < until);
    await new Promise((r) => setTimeout(r, 30));
    const stalled = (await diag()).eventLoopDelayMs;
    expect(stalled.max).toBeGreaterThanOrEqual(150);
    expect(stalled.p99).toBeGreaterThan(0);
    // Each call reports the time since the previous one: the stall is not counted twice.
    expect((await diag()).eventLoopDelayMs.max).toBeLessThan(150);
  });

  it('is a 404 for any other address, forwarded headers or not', async () => {
    for (const remoteAddress of ['10.0.0.7', '::ffff:192.168.1.2', '2001:db8::1']) {
      for (const url of ['/api/_diag', '/api/_diag?collect=1', '/api/_diag?collect=yes']) {
        const res = await on.call({
          method: 'GET',
          url,
          remoteAddress,
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
      }
    }
  });

  it('collects garbage first when asked, so the heap is what survives a full collection', async () => {
    const heapUsed = async (url: string) => {
      const res = await on.call({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { collected: boolean; memory: { heapUsed: number } };
    };
    // About 100 MB of objects, kept long enough to reach the old generation, then let go: only a
    // full collection takes them back.
    let junk: { n: number; s: string }[] | null = Array.from({ length: 1_000_000 }, (_, n) => ({
      n,
      s: `junk ${n}`,
    }));
    const held = await heapUsed('/api/_diag');
    expect(held.collected).toBe(false);
    expect(junk.length).toBe(1_000_000);
    junk = null;
    const after = await heapUsed('/api/_diag?collect=1');
    expect(after.collected).toBe(true);
    expect(held.memory.heapUsed - after.memory.heapUsed).toBeGreaterThan(30 * 2 ** 20);
  });

  it('refuses a collect value other than 1 with a message', async () => {
    const res = await on.call({ method: 'GET', url: '/api/_diag?collect=yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/collect/);
  });

  it('counts a live stream listener while the stream is open, none after it closes', async () => {
    const base = await on.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = await on.call({
      method: 'POST',
      url: '/api/notifications/stream-ticket',
      token: user.token,
    });
    const controller = new AbortController();
    const stream = await fetch(
      `${base}/api/notifications/stream?ticket=${ticket.json().data.ticket}`,
      { signal: controller.signal },
    );
    expect(stream.status).toBe(200);
    // A stream holds one realtime listener and one revocation listener, and neither after it.
    const listeners = async () => {
      const body = (await on.call({ method: 'GET', url: '/api/_diag' })).json();
      return (body.realtimeListeners as number) + (body.revocationListeners as number);
    };
    expect(await listeners()).toBe(2);
    controller.abort();
    const until = Date.now() + 5000;
    while ((await listeners()) !== 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    expect(await listeners()).toBe(0);
  });
});
