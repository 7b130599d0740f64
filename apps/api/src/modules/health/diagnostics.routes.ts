import type { FastifyPluginAsync } from 'fastify';
import { trackLoopLateness } from '../../lib/loop-lateness.ts';
/** The process events whose listener counts the soak bench compares before and after load. */
const PROCESS_EVENTS = [
  'exit',
  'beforeExit',
  'SIGTERM',
  'SIGINT',
  'uncaughtException',
  'unhandledRejection',
  'warning',
] as const;

const isLoopback = (address: string | undefined) =>
  address !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(address);

/**
 * GET /api/_diag, registered only when PAWSY_DIAGNOSTICS is set (benches: bench/soak): what a leak
 * would grow — memory, active handles by type, open connections, live-stream listeners, process
 * listeners — and how late the event loop ran since the previous call (a stall delays every
 * request in the process, whatever the request). Answers callers on this machine only (the
 * socket's address, never X-Forwarded-For); anyone else gets the 404 of a route that does not
 * exist. Hidden from the OpenAPI document.
 */
export const diagnosticsRoutes: FastifyPluginAsync = async (app) => {
  const loop = trackLoopLateness();
  app.addHook('onClose', async () => loop.stop());
  app.get('/api/_diag', { schema: { hide: true } }, async (request, reply) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) return reply.callNotFound();
    const handles: Record<string, number> = {};
    for (const type of process.getActiveResourcesInfo()) handles[type] = (handles[type] ?? 0) + 1;
    const connections = await new Promise<number>((resolve) =>
      app.server.getConnections((err, count) => resolve(err ? -1 : count)),
    );
    const memory = process.memoryUsage();
    const eventLoopDelayMs = loop.read();
    return {
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      memory: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
      },
      handles,
      connections,
      eventLoopDelayMs,
      realtimeListeners: app.realtime.listenerCount(),
      revocationListeners: app.sessionCache.listenerCount(),
      processListeners: Object.fromEntries(
        PROCESS_EVENTS.map((name) => [name, process.listenerCount(name)]),
      ),
    };
  });
};
