import { lazy, type ComponentType } from 'react';

/** SPEC §9: a script chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
const RETRY_DELAYS_MS = [500, 2000];

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Loading the screen timed out.')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads a module, retrying a flaky network twice before giving up (each try times out). */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_TIMEOUT_MS,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
    try {
      return await withTimeout(load(), timeoutMs);
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await wait(delay);
    }
  }
  throw lastError;
}

/** React.lazy for a screen module whose default export is the screen. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadWithRetry(load));
}
