import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useZodForm } from '../../../lib/use-zod-form';
import { emailFormSchema } from '../auth-schemas';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useResetCode } from '../hooks/use-reset-code';
import { forgetResetStep, rememberResetStep, savedResetStep, type ResetStep } from '../code-steps';

export default function ForgotPasswordScreen() {
  const emailForm = useZodForm(emailFormSchema, { email: '' });
  const [step, setStep] = useState<ResetStep | null>(() => savedResetStep());
  const [error, setError] = useState<string | null>(null);
  const resetCode = useResetCode();

  const sendCode = emailForm.handleSubmit(async (values) => {
    setError(null);
    const result = await resetCode.send(values.email);
    if ('error' in result) setError(result.error);
    else setStep(rememberResetStep(values.email));
  });

  return (
    <AuthCard
      title="Reset your password"
      subtitle={
        step
          ? `Step 2 of 2: enter the code we sent to ${step.email}`
          : 'Step 1 of 2: tell us your email address'
      }
    >
      {step === null ? (
        <form onSubmit={sendCode} noValidate aria-label="Request a reset code">
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
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
            <Button type="submit" loading={resetCode.isSending} fullWidth>
              Send code
            </Button>
          </Stack>
        </form>
      ) : (
        <ResetPasswordForm
          step={step}
          onChangeEmail={() => {
            forgetResetStep();
            setStep(null);
          }}
        />
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
