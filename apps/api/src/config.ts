import path from 'node:path';
import { z } from 'zod';
import {
  DEV_JWT_SECRET,
  DEV_SECRET_KEY,
  exposedHostProblems,
  isLoopbackHost,
  parseTrustProxy,
} from './config-network.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    // postgres:// (or postgresql://) is PostgreSQL; a path, sqlite:path or file:path is SQLite.
    // Any other scheme is a typo ("postgress://") that must not quietly become a SQLite file.
    DATABASE_URL: z
      .string()
      .refine(
        (url) =>
          !/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^(postgres(ql)?|sqlite|file):\/\//.test(url),
        {
          message:
            'Use postgres://… (PostgreSQL) or a file path, sqlite:path or file:path (SQLite); this scheme is neither',
        },
      )
      .optional(),
    SQLITE_SYNCHRONOUS: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.toUpperCase() : v),
        z.enum(['NORMAL', 'FULL', 'EXTRA']),
      )
      .optional(),
    SECRET_KEY: z.string().min(1).optional(),
    JWT_SECRET: z.string().min(16).optional(),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SMTP_URL: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: z.string().url().optional(),
    PAYMENTS_SANDBOX: bool.optional(),
    REDIS_URL: z.string().optional(),
    PUBLIC_URL: z.string().url().optional(),
    DEMO_DATA: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    RATING_REFRESH_MINUTES: z.coerce.number().min(0).max(1440).optional(),
    REMINDERS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86400).optional(),
    BOOKING_START_LEAD_MINUTES: z.coerce.number().int().min(0).max(10_000_000).default(120),
    BOOKING_COMPLETE_LEAD_MINUTES: z.coerce.number().int().min(0).max(10_000_000).default(0),
    TRUST_PROXY: z.string().optional(),
    SSE_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(25),
    PAWSY_DIAGNOSTICS: bool.optional(),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_FORCE_PATH_STYLE: bool.optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.TRUST_PROXY !== undefined && parseTrustProxy(env.TRUST_PROXY) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message: 'use off, a hop count (1, 2, …) or a comma-separated list of IPs/CIDRs',
      });
    }
    if (env.STORAGE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_REGION'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required with STORAGE=s3`,
          });
      }
    }
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together (or neither: the SDK default chain)',
      });
    }
    if (!isLoopbackHost(env.HOST)) {
      for (const problem of exposedHostProblems(env)) {
        ctx.addIssue({ code: 'custom', path: [problem.key], message: problem.message });
      }
    }
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['SECRET_KEY', 'JWT_SECRET'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
    // The sandbox's Pay button confirms a payment without a card: in production only on purpose.
    if (!env.STRIPE_SECRET_KEY && !env.PAYMENTS_SANDBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_SECRET_KEY'],
        message:
          'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production (or PAYMENTS_SANDBOX=true for a test deployment whose payments need no card)',
      });
    } else if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message:
          'STRIPE_WEBHOOK_SECRET is required in production with STRIPE_SECRET_KEY (without it no payment is ever confirmed)',
      });
    }
  });

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /**
   * synchronous: SQLite's durability setting (WAL journal). NORMAL keeps every committed write
   * through a process crash (SIGKILL); FULL also through power loss / OS crash, at one fsync per
   * commit. Unset = NORMAL. See docs/operations.md "Crash safety".
   */
  database:
    | { kind: 'sqlite'; file: string; synchronous?: SqliteSynchronous }
    | { kind: 'postgres'; url: string };
  secretKey: string;
  jwtSecret: string;
  admin: { email: string; password: string } | null;
  smtpUrl: string | null;
  /** apiBase: another Stripe API address (a local fake in tests); null = Stripe's own. */
  stripe: { secretKey: string; webhookSecret: string | null; apiBase: string | null } | null;
  redisUrl: string | null;
  publicUrl: string;
  demoData: boolean;
  logLevel: string;
  webDist: string | null;
  rateLimitMax: number;
  /** Per-minute limit of login/OTP/reset attempts per IP + email. */
  authRateLimitMax: number;
  /** Period of the cached-ratings refresh (reviews/rating-refresh.ts); 0 = off (tests). */
  ratingRefreshMinutes: number;
  /** Period of the booking reminders and expiry job (bookings/booking-reminders.*); 0 = off (tests). */
  remindersIntervalSeconds: number;
  /** How long before its start time a sitter may start a booking (minutes). */
  bookingStartLeadMinutes: number;
  /** How long before its start time a started booking may be completed (minutes; 0 = not before). */
  bookingCompleteLeadMinutes: number;
  /** Fastify's trustProxy: false (X-Forwarded-For ignored), a hop count or trusted addresses. */
  trustProxy: false | number | string[];
  /** Live-stream keep-alive period; each beat also re-checks the stream's session. */
  sseHeartbeatMs: number;
  /** PAWSY_DIAGNOSTICS: GET /api/_diag (memory, handles, listeners) for loopback callers; benches only. */
  diagnostics: boolean;
  /** Where uploads live (lib/storage): DATA_DIR/uploads, or an S3-compatible bucket (STORAGE=s3). */
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | null;
        forcePathStyle: boolean;
        credentials: { accessKeyId: string; secretAccessKey: string } | null;
      };
}>;

export type SqliteSynchronous = 'NORMAL' | 'FULL' | 'EXTRA';

/** Parses the environment once; no other file reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const isPostgres = e.DATABASE_URL !== undefined && /^postgres(ql)?:\/\//.test(e.DATABASE_URL);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: isPostgres
      ? { kind: 'postgres' as const, url: e.DATABASE_URL! }
      : {
          kind: 'sqlite' as const,
          file: e.DATABASE_URL ? sqliteFile(e.DATABASE_URL) : path.join(dataDir, 'pawsy.sqlite'),
          synchronous: e.SQLITE_SYNCHRONOUS ?? 'NORMAL',
        },
    secretKey: e.SECRET_KEY ?? DEV_SECRET_KEY,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : null,
    smtpUrl: e.SMTP_URL ?? null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: e.STRIPE_API_BASE ?? null,
        }
      : null,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    ratingRefreshMinutes: e.RATING_REFRESH_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 10),
    remindersIntervalSeconds: e.REMINDERS_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 60),
    bookingStartLeadMinutes: e.BOOKING_START_LEAD_MINUTES,
    bookingCompleteLeadMinutes: e.BOOKING_COMPLETE_LEAD_MINUTES,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    sseHeartbeatMs: Math.round(e.SSE_HEARTBEAT_SECONDS * 1000),
    diagnostics: e.PAWSY_DIAGNOSTICS ?? false,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION!,
            endpoint: e.S3_ENDPOINT ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : null,
          }
        : { kind: 'local' as const },
  });
}

function sqliteFile(url: string): string {
  if (url === ':memory:') return url;
  return path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, ''));
}
