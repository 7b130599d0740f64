import { useEffect, useRef } from 'react';

/** Calls `tick` every `ms` while mounted and `enabled`; stops when the screen goes away. */
export function useInterval(tick: () => void, ms: number, enabled = true): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  }, [tick]);
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(() => latest.current(), ms);
    return () => window.clearInterval(timer);
  }, [ms, enabled]);
}
