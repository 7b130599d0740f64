import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list filter kept in the address (`?status=open&search=brooks`) rather than in the screen's
 * state: Back from a record returns to the list as it was, and a link can open it filtered.
 * Values outside `allowed` (a hand-edited address) read as `fallback`; setting `fallback` takes
 * the parameter out. The address is replaced, not pushed: changing a filter adds no history step.
 */
export function useUrlParam<T extends string>(
  name: string,
  fallback: T,
  allowed?: readonly T[],
): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const value =
    raw === null || (allowed !== undefined && !allowed.includes(raw as T)) ? fallback : (raw as T);
  const set = useCallback(
    (next: T) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next === fallback) updated.delete(name);
          else updated.set(name, next);
          return updated;
        },
        { replace: true },
      ),
    [name, fallback, setParams],
  );
  return [value, set];
}
