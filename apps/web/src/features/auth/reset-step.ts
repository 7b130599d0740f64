/**
 * Step 2 of /forgot-password survives a reload of the tab: where the code was sent and when,
 * for as long as that code is valid (10 minutes, DESIGN §5). Forgotten once the password is reset
 * or the member goes back to step 1.
 */
const RESET_STEP_KEY = 'resetCodeSentTo';
const CODE_VALID_MS = 10 * 60_000;

export type ResetStep = { email: string; sentAt: number };

export function rememberResetStep(email: string): ResetStep {
  const step = { email, sentAt: Date.now() };
  sessionStorage.setItem(RESET_STEP_KEY, JSON.stringify(step));
  return step;
}

export function forgetResetStep(): void {
  sessionStorage.removeItem(RESET_STEP_KEY);
}

/** The step a reload interrupted, while its code may still be entered. */
export function savedResetStep(now = Date.now()): ResetStep | null {
  try {
    const step = JSON.parse(sessionStorage.getItem(RESET_STEP_KEY) ?? 'null') as ResetStep | null;
    if (typeof step?.email === 'string' && typeof step.sentAt === 'number')
      if (now - step.sentAt < CODE_VALID_MS) return step;
  } catch {
    // Not ours or damaged: start at step 1.
  }
  return null;
}
