import { useCallback, useEffect, useState } from 'react';

type Settled<T> = { key: string; data: T | null; error: string | null };

/**
 * Loads data for `key` (re-run when the key changes or on reload()); `load` must be stable
 * (useCallback). The loading flag is derived, so no state is set synchronously in the effect.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, fallbackError: string) {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [round, setRound] = useState(0);
  const fullKey = key === null ? null : `${key}#${round}`;

  useEffect(() => {
    if (fullKey === null) return undefined;
    let isActive = true;
    load().then(
      (data) => {
        if (isActive) setSettled({ key: fullKey, data, error: null });
      },
      (error: unknown) => {
        if (isActive)
          setSettled({
            key: fullKey,
            data: null,
            error: error instanceof Error && error.message ? error.message : fallbackError,
          });
      },
    );
    return () => {
      isActive = false;
    };
  }, [fullKey, load, fallbackError]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const isCurrent = settled !== null && settled.key === fullKey;
  // Between a reload and its answer the previous data stays on screen (no flicker).
  const data = settled && settled.key.split('#')[0] === key ? settled.data : null;
  return {
    data,
    error: isCurrent ? settled.error : null,
    isLoading: fullKey !== null && !isCurrent,
    reload,
  };
}
