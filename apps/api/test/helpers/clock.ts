import { vi } from 'vitest';
import type { TestApp } from './app.ts';
import { openSession, type TestUser } from './factories.ts';

/**
 * Moves the API's clock to `at` (Date only; timers stay real: undo with `vi.useRealTimers()`),
 * and signs `people` in again there, for jumps past a session's life (their tokens change).
 */
export async function travelTo(t: TestApp, at: number, people: TestUser[] = []): Promise<void> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  for (const who of people)
    who.token = await openSession(t.app, { id: who.id, email: who.email, user_type: who.userType });
}
