import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { DEV_SECRET_KEY } from '../../src/config-network.ts';

export const SECRET_KEY = DEV_SECRET_KEY;

export type TestApp = {
  app: FastifyInstance;
  dataDir: string;
  engine: 'sqlite' | 'postgres';
  /**
   * app.inject with the secret-key header and, when given, x-auth-token; resolves once the mails
   * the call made after its answer (mailer.sendLater) are written, so a test reads them at once.
   * `injectCall(t.app)` answers without that wait.
   */
  call: (opts: CallOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};
export type CallOptions = Omit<InjectOptions, 'method' | 'url'> & {
  method: string;
  url: string;
  token?: string;
  noSecret?: boolean;
};

/**
 * A fresh app over a fresh database for one test file: a SQLite file in a temp DATA_DIR, or a new
 * PostgreSQL database cloned from nothing when the suite runs on PostgreSQL.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const engine = process.env.PAWSY_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawsy-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('PAWSY_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `pawsy_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // pg's pool.end() resolves before its sockets are closed; killing them mid-close (FORCE)
    // surfaces as an unhandled 57P01 error, so first wait for them to go away on their own.
    dropDatabase = async () => {
      for (let i = 0; i < 20; i++) {
        try {
          return await adminQuery(base, `DROP DATABASE IF EXISTS ${name}`);
        } catch {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    // Fixtures book days ahead, then start and complete at once; the rules have their own test
    // with the defaults (bookings.start-window).
    BOOKING_START_LEAD_MINUTES: '10000000',
    BOOKING_COMPLETE_LEAD_MINUTES: '10000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  const inject = injectCall(app);
  return {
    app,
    dataDir,
    engine,
    call: async (opts) => {
      const res = await inject(opts);
      await app.mailer.settled();
      return res;
    },
    close: async () => {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** TestApp.call over `app.inject`: the secret key (unless `noSecret`) and the session token. */
export function injectCall(app: FastifyInstance): TestApp['call'] {
  return ({ token, noSecret, headers, ...rest }) =>
    app.inject({
      ...rest,
      method: rest.method as InjectOptions['method'],
      headers: {
        ...(noSecret ? {} : { 'secret-key': SECRET_KEY }),
        ...(token ? { 'x-auth-token': token } : {}),
        ...headers,
      },
    } as InjectOptions);
}
