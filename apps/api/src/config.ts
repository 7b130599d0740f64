import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    SECRET_KEY: z.string().min(1).optional(),
    JWT_SECRET: z.string().min(16).optional(),
    ADMIN_EMAIL: z.string().email().optional(),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SMTP_URL: z.string().optional(),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    REDIS_URL: z.string().optional(),
    PUBLIC_URL: z.string().url().optional(),
    DEMO_DATA: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    RATING_REFRESH_MINUTES: z.coerce.number().min(0).max(1440).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['SECRET_KEY', 'JWT_SECRET'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  });

export type AppConfig = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  secretKey: string;
  jwtSecret: string;
  admin: { email: string; password: string } | null;
  smtpUrl: string | null;
  stripe: { secretKey: string; webhookSecret: string | null } | null;
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
}>;

export const DEV_SECRET_KEY = 'pawsy-dev-secret-key';
const DEV_JWT_SECRET = 'pawsy-dev-jwt-secret-change-me-in-production';

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
        },
    secretKey: e.SECRET_KEY ?? DEV_SECRET_KEY,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : null,
    smtpUrl: e.SMTP_URL ?? null,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null }
      : null,
    redisUrl: e.REDIS_URL ?? null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : null,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    ratingRefreshMinutes: e.RATING_REFRESH_MINUTES ?? (e.NODE_ENV === 'test' ? 0 : 10),
  });
}

function sqliteFile(url: string): string {
  if (url === ':memory:') return url;
  return path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, ''));
}
