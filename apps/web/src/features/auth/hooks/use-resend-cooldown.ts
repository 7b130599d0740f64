import { useCallback, useEffect, useState } from 'react';

/** The API lets a new code be sent 60 s after the previous one (DESIGN §5). */
export const RESEND_COOLDOWN_MS = 60_000;

/**
 * Seconds until another emailed code may be asked for. The wait starts at `sentAt` (default: when
 * the component using it mounts, as it is shown right after a code was sent) and again at each
 * `restart()`.
 */
export function useResendCooldown(sentAt?: number) {
  const [resendAt, setResendAt] = useState(() => (sentAt ?? Date.now()) + RESEND_COOLDOWN_MS);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= resendAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const restart = useCallback(() => {
    const sentAt = Date.now();
    setResendAt(sentAt + RESEND_COOLDOWN_MS);
    setNow(sentAt);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((resendAt - now) / 1000)), restart };
}
