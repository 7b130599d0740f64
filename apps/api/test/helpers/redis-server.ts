import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { describe } from 'vitest';

const isCi = process.env.CI === 'true' || process.env.CI === '1';

/**
 * `describe` when nothing is `missing`. Otherwise the block is skipped with the reason printed,
 * except under CI=true, where a missing dependency fails the run instead of going unnoticed.
 */
export function describeIf(missing: string | null) {
  if (missing && isCi) throw new Error(`CI=true but ${missing}`);
  if (missing) console.warn(`skipped: ${missing}`);
  return describe.skipIf(missing !== null);
}

/** Why the Redis-outage tests cannot run here, or null when redis-server is installed. */
export function missingRedisServer(): string | null {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? null : 'redis-server is not installed (apt-get install redis-server)';
}

/** Why the tests needing a running Redis cannot run here, or null when REDIS_URL is set. */
export function missingRedisUrl(): string | null {
  return process.env.REDIS_URL ? null : 'REDIS_URL is unset (point it at a running Redis)';
}

export type RedisServer = {
  url: string;
  /** Starts (or restarts) the server on the same port; resolves once it answers. */
  start: () => Promise<void>;
  /** Forgets every key (rate-limit counters between tests). */
  flush: () => Promise<void>;
  /** Kills the server and waits for it to exit. */
  stop: () => Promise<void>;
};

/** A throw-away redis-server owned by one test file, on a free port, without persistence. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly'];
      child = spawn('redis-server', [...args, 'no'], { stdio: 'ignore' });
      await waitFor(() => answers(port), `redis-server on port ${port} did not start`);
    },
    async flush() {
      const client = new Redis(server.url);
      await client.flushall();
      await client.quit();
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** True when something on the port answers a Redis PING. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString().startsWith('+PONG'));
    });
  });
}

/** Polls `check` every 50 ms for up to `ms`. */
export async function waitFor(check: () => Promise<boolean>, error: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(error);
}
