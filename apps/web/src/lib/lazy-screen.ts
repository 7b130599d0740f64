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

let allStyles: Promise<unknown> | null = null;

/**
 * Loads the CSS of every Mantine component (once). The entry only carries the CSS of the shell
 * and the home page (app/styles/first-paint.css), so the first paint does not wait for ~250 KB
 * of styles it does not use; whatever renders other components awaits this first.
 */
export function loadAllStyles(): Promise<unknown> {
  allStyles ??= loadWithRetry(() => import('../app/styles/all-styles')).catch((error: unknown) => {
    allStyles = null;
    throw error;
  });
  return allStyles;
}

/** React.lazy that also waits for a module's styles (all of Mantine's unless told otherwise). */
export function lazyWithStyles<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { firstPaintStylesOnly = false } = {},
) {
  return lazy(async () => {
    const [module] = await Promise.all([
      loadWithRetry(load),
      firstPaintStylesOnly ? null : loadAllStyles(),
    ]);
    return module;
  });
}

/**
 * React.lazy for a screen module whose default export is the screen. Pass
 * `firstPaintStylesOnly` for a screen built only from the components of app/styles/first-paint.css.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  options?: { firstPaintStylesOnly?: boolean },
) {
  return lazyWithStyles(load, options);
}
