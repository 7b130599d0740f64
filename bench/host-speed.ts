import { Worker } from 'node:worker_threads';

/**
 * How fast this machine runs right now: a worker thread does one fixed piece of CPU work (a
 * SHA-256 chain and a floating-point loop, ~20 ms on a quiet 2-core host) whenever asked and
 * answers with the CPU time its own thread spent on it (/proc/thread-self/schedstat, in ns), so
 * that the server and the load generator sharing the cores do not count, only how fast a core
 * runs. On a shared host the same work can take nearly twice as long from one minute to the next;
 * a long run records it beside its latencies, so a slower host can be told from a slower server.
 */
const WORK = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const onCpuNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
parentPort.on('message', () => {
  const start = onCpuNs();
  let h = Buffer.alloc(64);
  for (let i = 0; i < 10000; i++) h = createHash('sha256').update(h).digest();
  let x = 0;
  for (let i = 0; i < 1500000; i++) x += Math.sqrt(i) * (i & 7);
  parentPort.postMessage({ ms: (onCpuNs() - start) / 1e6, sink: h[0] + (x > 0 ? 1 : 0) });
});`;

export type HostSpeedGauge = {
  /** CPU milliseconds the fixed work took this time (lower is a faster host). */
  measure(): Promise<number>;
  close(): Promise<void>;
};

export function hostSpeedGauge(): HostSpeedGauge {
  const worker = new Worker(WORK, { eval: true });
  worker.unref();
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      worker.once('error', onError);
      worker.once('message', (m: { ms: number }) => {
        worker.off('error', onError);
        resolve(m.ms);
      });
      worker.postMessage(null);
    });
  // One measurement at a time (two at once would share the worker), after one that warms it up.
  let queue: Promise<unknown> = once().catch(() => undefined);
  return {
    measure() {
      const next = queue.then(once);
      queue = next.catch(() => undefined);
      return next;
    },
    async close() {
      await queue;
      await worker.terminate();
    },
  };
}
