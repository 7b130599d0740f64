import { Button } from '@mantine/core';
import { useState } from 'react';
import type { ResetCodeResult } from '../hooks/use-reset-code';
import { useResendCooldown } from '../hooks/use-resend-cooldown';

/** What a code step shows: a refusal, news such as "We sent a new code", or nothing. */
export type CodeStepMessages = { error: string | null; info: string | null };

type ResendCodeButtonProps = {
  /** "Resend code", "Send a new code": the wait is added to it ("… in 42 s"). */
  label: string;
  /** Asks the API for a new code: its words, or the error to show. */
  send: () => Promise<ResetCodeResult>;
  /** Clears the step's messages as the click starts, then shows the outcome. */
  show: (messages: CodeStepMessages) => void;
  /** When the last code was sent (epoch ms), if before this button appeared. */
  sentAt?: number;
};

/**
 * Asks for a new emailed code once the API's 60 s wait is over (counted from when the step
 * appears, just after a code was sent, and again after each new code), saying how long is left.
 */
export function ResendCodeButton({ label, send, show, sentAt }: ResendCodeButtonProps) {
  const [isSending, setSending] = useState(false);
  const { secondsLeft, restart } = useResendCooldown(sentAt);

  const sendAgain = async () => {
    show({ error: null, info: null });
    setSending(true);
    const result = await send();
    setSending(false);
    if ('error' in result) {
      show({ error: result.error, info: null });
      return;
    }
    show({ error: null, info: result.message });
    restart();
  };

  return (
    <Button
      variant="subtle"
      onClick={() => void sendAgain()}
      disabled={secondsLeft > 0}
      loading={isSending}
    >
      {secondsLeft > 0 ? `${label} in ${secondsLeft} s` : label}
    </Button>
  );
}
