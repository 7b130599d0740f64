import { useEffect, useState } from 'react';

/** setTimeout holds at most ~24.8 days; a later time is judged again when the page is opened. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether the clock has reached `at` (epoch ms), judged again at that moment, so a page left
 * open shows what became possible (Start, Complete) without a reload.
 */
export function useTimeReached(at: number): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = at - now;
    if (wait <= 0 || wait > MAX_TIMEOUT_MS) return;
    // A timer may fire a millisecond before the clock reads `at`: `now` then changes and this runs
    // again for what is left, instead of waiting for ever.
    const timer = setTimeout(() => setNow(Date.now()), wait + 1);
    return () => clearTimeout(timer);
  }, [at, now]);
  return at <= now;
}
