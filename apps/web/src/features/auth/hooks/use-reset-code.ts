import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';

export type ResetCodeResult = { message: string } | { error: string };

/**
 * Asks the API to mail a password-reset code (forget-password), for the first send on
 * /forgot-password and "Send a new code" after it: the API's words, or the error to show.
 */
export function useResetCode() {
  const [isSending, setSending] = useState(false);
  const send = async (email: string): Promise<ResetCodeResult> => {
    setSending(true);
    try {
      const { data } = await authApi.forgetPassword({ email });
      return { message: data?.message ?? `We sent a code to ${email}.` };
    } catch (err) {
      return { error: getErrorMessage(err, AUTH_MESSAGES.sendOtpFailed) };
    } finally {
      setSending(false);
    }
  };
  return { send, isSending };
}
