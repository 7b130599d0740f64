import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError, getErrorMessage } from '../../../lib/api-error';
import { AUTH_MESSAGES } from '../auth-errors';
import { FormMessages } from './form-messages';
import { ResendCodeButton, type CodeStepMessages } from './resend-code-button';

/** A refusal decided in the browser (no API call made), shown to the member as it is worded. */
export class CodeStepRefusal extends Error {}

const messageOf = (err: unknown, fallback: string) =>
  err instanceof CodeStepRefusal ? err.message : getErrorMessage(err, fallback);

type EmailCodeFormProps = {
  email: string;
  /** Checks the code with the API; rejects with its error (or a CodeStepRefusal). */
  verify: (otp: string) => Promise<void>;
  /** Asks for a new code; resolves to the API's words, rejects as `verify` does. */
  resend: () => Promise<string | undefined>;
  /** Puts the focus on the first digit as the step appears (a dialog does it by data-autofocus). */
  autoFocus?: boolean;
};

/**
 * The emailed-code step that confirms an address: six digits, "Verify code" and "Resend code"
 * after the API's 60 s wait (counted from when the step appears, just after a code was sent).
 * Signup's dialog and the login screen's check of an unconfirmed address both use it.
 */
export function EmailCodeForm({ email, verify, resend, autoFocus = false }: EmailCodeFormProps) {
  const [otp, setOtp] = useState('');
  const [messages, show] = useState<CodeStepMessages>({ error: null, info: null });
  const { error } = messages;
  const setError = (message: string | null) => show({ error: message, info: null });
  const [isVerifying, setVerifying] = useState(false);
  // 409: the address was signed up more than once, so only a password reset confirms it.
  const [needsReset, setNeedsReset] = useState(false);

  const submit = async (form: HTMLFormElement) => {
    setError(null);
    if (!/^\d{6}$/.test(otp)) {
      setError('Enter the 6-digit code from the email.');
      return;
    }
    setVerifying(true);
    try {
      await verify(otp);
    } catch (err) {
      setError(messageOf(err, AUTH_MESSAGES.otpFailed));
      const mustReset = err instanceof ApiError && err.status === 409;
      setNeedsReset(mustReset);
      if (!mustReset) {
        // A wrong code is typed again: the digits go and the focus is back on the first box (the
        // message is read with it), not left on "Verify code".
        setOtp('');
        form.querySelector<HTMLInputElement>('input')?.focus();
      }
    } finally {
      setVerifying(false);
    }
  };

  const sendAgain = async () => {
    try {
      return { message: (await resend()) ?? `We sent a new code to ${email}.` };
    } catch (err) {
      return { error: messageOf(err, AUTH_MESSAGES.resendFailed) };
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <Stack>
        <Text>
          We sent a 6-digit code to <strong>{email}</strong>. Enter it below to confirm your email
          address. The code is valid for 10 minutes.
        </Text>
        <Group justify="center">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus={autoFocus}
            // A Modal's focus trap starts on [data-autofocus]; autoFocus lost to the close X.
            getInputProps={(index) => (index === 0 ? { 'data-autofocus': true } : {})}
            value={otp}
            onChange={setOtp}
            error={error !== null}
            ariaLabel="Verification code digit"
          />
        </Group>
        <FormMessages {...messages} />
        {needsReset && (
          <Anchor component={Link} to={paths.forgotPassword} ta="center">
            Choose your password
          </Anchor>
        )}
        <Button type="submit" loading={isVerifying} fullWidth>
          Verify code
        </Button>
        <ResendCodeButton label="Resend code" send={sendAgain} show={show} />
      </Stack>
    </form>
  );
}
