import v8 from 'node:v8';
import vm from 'node:vm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

let fullCollection: (() => void) | null = null;
/**
 * V8's full collection, the one `--expose-gc` gives as `gc()`, obtained on first use without
 * starting the process with that flag (the soak measures the server as `npm start` runs it).
 */
function collectGarbage(): void {
  if (!fullCollection) {
    v8.setFlagsFromString('--expose-gc');
    fullCollection = vm.runInNewContext('gc') as () => void;
  }
  fullCollection();
}

const isLoopback = (address: string | undefined) =>
  address !== undefined && /^(127\.|::1$|::ffff:127\.)/.test(address);

/**
 * GET /api/_diag, registered only when PAWSY_DIAGNOSTICS is set (benches: bench/soak): what a leak
 * would grow — memory, active handles by type, open connections, live-stream listeners, process
 * listeners — and how late the event loop ran since the previous call (a stall delays every
 * request in the process, whatever the request). `?collect=1` runs a full garbage collection first,
 * so the heap figure is what survives one (the soak's leak check), not wherever the heap stood
 * between collections. Answers callers on this machine only (the socket's address, never
 * X-Forwarded-For); anyone else gets the 404 of a route that does not exist. Hidden from the
 * OpenAPI document.
 */
export const diagnosticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const loop = trackLoopLateness();
  app.addHook('onClose', async () => loop.stop());
  const querystring = z.object({
    collect: z.enum(['1'], { error: 'collect must be 1 when given' }).optional(),
  });
  // Before the query is validated: anyone else learns nothing, not even that the route exists.
  const loopbackOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopback(request.raw.socket.remoteAddress)) return reply.callNotFound();
  };
  app.get(
    '/api/_diag',
    { onRequest: loopbackOnly, schema: { hide: true, querystring } },
    async (request) => {
      const collected = request.query.collect === '1';
      if (collected) collectGarbage();
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
        collected,
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
    },
  );
};
