import { Anchor, Button, Group, PasswordInput, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths, type LoginState } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { resetFormSchema } from '../auth-schemas';
import { useResetCode } from '../hooks/use-reset-code';
import { FormMessages } from './form-messages';
import { forgetResetStep, rememberResetStep, type ResetStep } from '../code-steps';
import { ResendCodeButton, type CodeStepMessages } from './resend-code-button';

type ResetPasswordFormProps = {
  /** Where the code was sent, and when (the resend wait counts from then). */
  step: ResetStep;
  onChangeEmail: () => void;
};

/** Step 2 of /forgot-password: the emailed code, the new password, and a way to a new code. */
export function ResetPasswordForm({ step, onChangeEmail }: ResetPasswordFormProps) {
  const { email } = step;
  const navigate = useNavigate();
  const form = useZodForm(resetFormSchema, { otp: '', password: '' });
  const [messages, show] = useState<CodeStepMessages>({ error: null, info: null });
  const setError = (message: string | null) => show({ error: message, info: null });
  const [isSubmitting, setSubmitting] = useState(false);
  const resetCode = useResetCode();

  const reset = form.handleSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const { data } = await authApi.resetPassword({ email, ...values });
      // The contract's 2xx always reports success; anything else is SPEC §8's "unexpected".
      if (data && data.success !== true) {
        setError(AUTH_MESSAGES.unexpectedResponse);
        return;
      }
      forgetResetStep();
      const state: LoginState = {
        notice: 'Your password has been reset. Log in with your new password.',
        email,
      };
      await navigate(paths.login, { replace: true, state });
    } catch (err) {
      setError(getErrorMessage(err, AUTH_MESSAGES.resetFailed));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={reset} noValidate aria-label="Choose a new password">
      <Stack>
        <FormMessages {...messages} />
        <div role="group" aria-labelledby="reset-code-label">
          <Text id="reset-code-label" fw={500} size="sm">
            Verification code
          </Text>
          <Group mt={4}>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              // Step 1's form is gone as this appears: the focus starts on the first digit.
              autoFocus
              value={form.values.otp}
              onChange={(value) => form.setValue('otp', value)}
              error={Boolean(form.errors.otp)}
              ariaLabel="Verification code digit"
            />
          </Group>
          {form.errors.otp && (
            <Text c="red.8" size="sm" mt={4}>
              {form.errors.otp}
            </Text>
          )}
        </div>
        <PasswordInput
          label="New password"
          description="At least 8 characters"
          autoComplete="new-password"
          required
          {...form.textInput('password')}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Reset password
        </Button>
        <ResendCodeButton
          label="Send a new code"
          send={async () => {
            const result = await resetCode.send(email);
            if (!('error' in result)) rememberResetStep(email);
            return result;
          }}
          show={show}
          sentAt={step.sentAt}
        />
        <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
          Use a different email address
        </Anchor>
      </Stack>
    </form>
  );
}
