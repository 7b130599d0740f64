import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTimeReached } from './use-time-reached';

const T0 = Date.parse('2026-12-06T10:00:00Z');

/** Real Date, fake timers: the clock the hook reads is set by hand, apart from the timers. */
function withClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let clock = T0;
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
  return (ms: number) => {
    clock = ms;
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useTimeReached', () => {
  it('is true at once for a time already past', () => {
    withClock();
    const { result } = renderHook(() => useTimeReached(T0 - 1));
    expect(result.current).toBe(true);
  });

  it('turns true when its timer finds the clock at the time', () => {
    const setClock = withClock();
    const { result } = renderHook(() => useTimeReached(T0 + 60_000));
    expect(result.current).toBe(false);
    setClock(T0 + 60_001);
    act(() => vi.advanceTimersByTime(60_001));
    expect(result.current).toBe(true);
  });

  it('waits again for what is left when its timer fires before the clock reaches the time', () => {
    const setClock = withClock();
    const { result } = renderHook(() => useTimeReached(T0 + 60_000));
    // The timer fires, but the clock still reads a few milliseconds short (a stale loop clock).
    setClock(T0 + 59_995);
    act(() => vi.advanceTimersByTime(60_001));
    expect(result.current).toBe(false);
    setClock(T0 + 60_000);
    act(() => vi.advanceTimersByTime(6));
    expect(result.current).toBe(true);
  });

  it('sets no timer for a time beyond what setTimeout can hold', () => {
    withClock();
    const { result } = renderHook(() => useTimeReached(T0 + 40 * 24 * 3600_000));
    expect(result.current).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
