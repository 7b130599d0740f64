import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, type LoginState } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { emailFormSchema, resetFormSchema } from '../auth-schemas';
import { AuthCard } from '../components/auth-card';

export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const emailForm = useZodForm(emailFormSchema, { email: '' });
  const resetForm = useZodForm(resetFormSchema, { otp: '', password: '' });
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const sendCode = emailForm.handleSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      await authApi.forgetPassword(values);
      setEmail(values.email);
    } catch (err) {
      setError(getErrorMessage(err, AUTH_MESSAGES.sendOtpFailed));
    } finally {
      setSubmitting(false);
    }
  });

  const reset = resetForm.handleSubmit(async (values) => {
    if (!email) return;
    setError(null);
    setSubmitting(true);
    try {
      const { data } = await authApi.resetPassword({ email, ...values });
      // The contract's 2xx always reports success; anything else is SPEC §8's "unexpected".
      if (data && data.success !== true) {
        setError(AUTH_MESSAGES.unexpectedResponse);
        return;
      }
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
    <AuthCard
      title="Reset your password"
      subtitle={
        email
          ? `Step 2 of 2: enter the code we sent to ${email}`
          : 'Step 1 of 2: tell us your email address'
      }
    >
      {error && (
        <Alert color="red" role="alert" mb="md">
          {error}
        </Alert>
      )}
      {email === null ? (
        <form onSubmit={sendCode} noValidate aria-label="Request a reset code">
          <Stack>
            <Text size="sm" c="dark.6">
              If an account exists for this address, we will email it a 6-digit code.
            </Text>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              {...emailForm.textInput('email')}
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Send code
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={reset} noValidate aria-label="Choose a new password">
          <Stack>
            <div role="group" aria-labelledby="reset-code-label">
              <Text id="reset-code-label" fw={500} size="sm">
                Verification code
              </Text>
              <Group mt={4}>
                <PinInput
                  length={6}
                  type="number"
                  oneTimeCode
                  value={resetForm.values.otp}
                  onChange={(value) => resetForm.setValue('otp', value)}
                  error={Boolean(resetForm.errors.otp)}
                  ariaLabel="Verification code digit"
                />
              </Group>
              {resetForm.errors.otp && (
                <Text c="red.8" size="sm" mt={4}>
                  {resetForm.errors.otp}
                </Text>
              )}
            </div>
            <PasswordInput
              label="New password"
              description="At least 8 characters"
              autoComplete="new-password"
              required
              {...resetForm.textInput('password')}
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Reset password
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={() => setEmail(null)}>
              Use a different email address
            </Anchor>
          </Stack>
        </form>
      )}
      <Text ta="center" size="sm" mt="lg">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.login}>
          Back to log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
