import { createHistogram } from 'node:perf_hooks';

/** How often the probe timer asks to run (ms). */
const TICK_MS = 10;

export type Lateness = {
  /** p99 and max of how late the timer ran (ms) since the previous read; 0 when it never was. */
  read(): { p99: number; max: number };
  stop(): void;
};

/**
 * How late this thread's event loop runs: a timer due every 10 ms records by how much each run
 * came after it was due (µs, in a histogram). A stall delays every callback of the process, so
 * this tells a slow answer from a blocked loop. Unlike perf_hooks' monitorEventLoopDelay, a read
 * that resets the figures never drops the run that follows it (that one skips the delay spanning
 * the reset). The timer does not keep the process alive.
 */
export function trackLoopLateness(): Lateness {
  const histogram = createHistogram();
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const lateUs = Math.round((now - last - TICK_MS) * 1000);
    if (lateUs >= 1) histogram.record(lateUs);
    last = now;
  }, TICK_MS);
  timer.unref();
  return {
    read() {
      const figures =
        histogram.count > 0
          ? { p99: histogram.percentile(99) / 1000, max: histogram.max / 1000 }
          : { p99: 0, max: 0 };
      histogram.reset();
      return figures;
    },
    stop: () => clearInterval(timer),
  };
}
