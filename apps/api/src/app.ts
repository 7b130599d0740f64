import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { createDb, migrateToLatest, type Db } from './db/index.ts';
import { createTokenService, type TokenService } from './lib/tokens.ts';
import { createMailer } from './lib/mailer.ts';
import { createRedisClients, type RedisClients } from './lib/redis.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { createRequestIds } from './lib/request-ids.ts';
import { createResponseSerializer } from './lib/response-serializer.ts';
import { useJsonBodyParser } from './lib/json-body.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecretKey } from './plugins/secret-key.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerSpa } from './plugins/spa.ts';
import { registerRealtime } from './plugins/realtime.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { apiModules } from './modules/index.ts';
import { registerRatingRefresh } from './modules/reviews/rating-refresh.ts';
import { registerBookingReminders } from './modules/bookings/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    tokens: TokenService;
    redis: RedisClients | null;
  }
}

export type BuildOptions = { logger?: boolean };

/** Builds the whole app (API + web) without listening; tests drive it with `app.inject`. */
/**
 * The longest a request may take to arrive, headers and body: two minutes carries the largest
 * upload (5 × 10 MB of KYC documents) at about 3.5 Mbit/s. Constants, not settings: DESIGN §2's
 * list has none; behind a reverse proxy that buffers bodies (docs/operations.md) it never binds.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A socket with nothing sent either way for this long is closed (live streams opt out). */
export const IDLE_SOCKET_TIMEOUT_MS = 120_000;

export async function buildApp(
  config: AppConfig,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: serializeRequest },
          },
    genReqId: createRequestIds(),
    requestIdHeader: false,
    // A hop count trusts that many proxies in front of us (proxy-addr's index: 0 = the socket).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within REQUEST_TIMEOUT_MS and a socket may sit silent for
    // IDLE_SOCKET_TIMEOUT_MS: without them a client trickling a body held its connection forever.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_SOCKET_TIMEOUT_MS,
    // Past 200 characters the id schema answers 400 (pathId); the router's own limit, a 414 with
    // the URL in its body, is only for what no id could be.
    routerOptions: { maxParamLength: 8192 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Schema-compiled (fast-json-stringify); under test every answer is checked against zod's.
  app.setSerializerCompiler(createResponseSerializer({ verify: config.env === 'test' }));
  registerSecurityHeaders(app);

  const db = createDb(config.database, (err) =>
    app.log.warn({ err }, 'a database connection was closed; the next query opens a new one'),
  );
  await migrateToLatest(db);
  const redis = config.redisUrl ? await createRedisClients(config.redisUrl, app.log) : null;
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('tokens', createTokenService(config.jwtSecret));
  app.decorate('redis', redis);
  const mailer = createMailer(
    {
      smtpUrl: config.smtpUrl,
      dataDir: config.dataDir,
      from: `Pawsy <no-reply@${new URL(config.publicUrl).hostname}>`,
    },
    app.log,
  );
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => {
    // Mails made after their answer (mailer.sendLater) still read and write the database.
    await mailer.close();
    await db.destroy();
    await redis?.close();
  });

  registerErrorHandling(app);
  useJsonBodyParser(app);
  await app.register(cors, {
    origin: config.env === 'production' ? config.publicUrl : true,
    credentials: false,
    // The plugin's default lists GET, HEAD and POST only; SPEC §7 also updates with PUT and DELETE.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    // An OPTIONS without Origin is not a browser's preflight; the plugin's strict mode would answer
    // it with a text/plain 400, where every 4xx of this API is JSON. It gets the plain 204 instead.
    strictPreflight: false,
  });
  await app.register(compress, { threshold: 1024 });
  await registerRateLimit(app, config.rateLimitMax, redis?.commands ?? null);
  registerSecretKey(app, config.secretKey);
  await registerAuth(app, db, app.tokens);
  await registerUploads(app);
  await registerDocs(app);
  await registerRealtime(app, redis);

  await app.register(healthRoutes);
  for (const mod of apiModules) await app.register(mod.routes, { prefix: `/api${mod.prefix}` });
  await registerSpa(app, config.webDist, {
    secretKey: config.secretKey,
    apiBase: '',
    startLeadMinutes: config.bookingStartLeadMinutes,
    completeLeadMinutes: config.bookingCompleteLeadMinutes,
  });
  registerRatingRefresh(app, config.ratingRefreshMinutes);
  registerBookingReminders(app, config.remindersIntervalSeconds);

  await app.ready();
  return app;
}
