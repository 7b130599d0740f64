import { AppError } from './app-error.ts';

/**
 * Uploads one member may have in flight on this instance, from the first byte of the body to the
 * answer (files received, re-encoded, stored). Nobody filling in a form needs more; eight at once
 * from one account held 8 × 50 MB before the body was read in streams. A constant, not a setting:
 * DESIGN §2's list of settings has no upload limits. Per instance (no shared state): with N
 * instances behind a balancer a member may have N times as many, each instance still bounded.
 */
export const MAX_UPLOADS_PER_USER = 2;

/**
 * Image re-encodes (sharp) running at once in this process; the others wait their turn. A large
 * photo takes a CPU core for about a second and its decoded pixels in memory, so ten at once made
 * every one of them slow and added 170 MB. Two keeps a 2-core machine answering other requests.
 */
export const MAX_CONCURRENT_REENCODES = 2;

export const TOO_MANY_UPLOADS = `You already have ${MAX_UPLOADS_PER_USER} uploads in progress; wait for them to finish, then try again`;

const inFlight = new Map<string, number>();

/** Runs `work` as one of `userId`'s uploads in flight; 429 when they already have the maximum. */
export async function holdUploadSlot<T>(userId: string, work: () => Promise<T>): Promise<T> {
  const held = inFlight.get(userId) ?? 0;
  if (held >= MAX_UPLOADS_PER_USER) throw new AppError('RATE_LIMITED', TOO_MANY_UPLOADS);
  inFlight.set(userId, held + 1);
  try {
    return await work();
  } finally {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when fewer than MAX_CONCURRENT_REENCODES re-encodes run (first come, first served). */
export async function withReencodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_REENCODES) await new Promise<void>((go) => waiting.push(go));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, so `running` never drops below it in between.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
