/**
 * The code steps of signup and of /forgot-password survive a reload of the tab: where the code was
 * sent and when (and, for signup, the signup's session the code goes with), for as long as the
 * code may still be entered. Each is forgotten once its code is used or the member leaves the step.
 */
const CODE_VALID_MS = 10 * 60_000;

type Sent = { email: string; sentAt: number };

function remember<T extends { email: string }>(key: string, step: T): T & Sent {
  const saved = { ...step, sentAt: Date.now() };
  sessionStorage.setItem(key, JSON.stringify(saved));
  return saved;
}

function read(key: string): (Record<string, unknown> & Sent) | null {
  try {
    const step = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Record<
      string,
      unknown
    > | null;
    if (typeof step?.email === 'string' && typeof step.sentAt === 'number') return step as never;
  } catch {
    // Not ours or damaged: start again.
  }
  return null;
}

/** Step 2 of /forgot-password: valid while its code is (10 minutes, DESIGN §5). */
const RESET_STEP_KEY = 'resetCodeSentTo';

export type ResetStep = Sent;

export const rememberResetStep = (email: string): ResetStep => remember(RESET_STEP_KEY, { email });

export function forgetResetStep(): void {
  sessionStorage.removeItem(RESET_STEP_KEY);
}

/** The reset step a reload interrupted, while its code may still be entered. */
export function savedResetStep(now = Date.now()): ResetStep | null {
  const step = read(RESET_STEP_KEY);
  return step && now - step.sentAt < CODE_VALID_MS
    ? { email: step.email, sentAt: step.sentAt }
    : null;
}

/**
 * Signup's code step: the new account's address and the signup's session, which verify-otp and
 * resend-otp go with. Valid while that session is (a code can be sent again until then).
 */
const SIGNUP_STEP_KEY = 'signupCodeSentTo';

export type SignupStep = { email: string; token: string; expiresAt: string | null };

export const rememberSignupStep = (step: SignupStep): SignupStep => remember(SIGNUP_STEP_KEY, step);

export function forgetSignupStep(): void {
  sessionStorage.removeItem(SIGNUP_STEP_KEY);
}

/** The signup code step a reload interrupted, while the signup's session lasts. */
export function savedSignupStep(now = Date.now()): SignupStep | null {
  const step = read(SIGNUP_STEP_KEY);
  if (!step || typeof step.token !== 'string') return null;
  const expiresAt = typeof step.expiresAt === 'string' ? step.expiresAt : null;
  const ends = expiresAt ? Date.parse(expiresAt) : step.sentAt + CODE_VALID_MS;
  return now < ends ? { email: step.email, token: step.token, expiresAt } : null;
}
