import { Alert, Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { getErrorMessage } from '../../../lib/api-error';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { otpModalClosed, otpVerified } from '../auth-slice';

/** The API lets a new code be sent 60 s after the previous one (DESIGN §5). */
export const RESEND_COOLDOWN_MS = 60_000;

type OtpModalProps = { onVerified: (message: string) => void };

/** Email code check after signup (SPEC §4: showOTPModal). */
export function OtpModal({ onVerified }: OtpModalProps) {
  const dispatch = useAppDispatch();
  const { showOTPModal, pendingEmail, signupToken } = useAppSelector((state) => state.auth);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [isResending, setResending] = useState(false);
  const [resendAt, setResendAt] = useState(() => Date.now() + RESEND_COOLDOWN_MS);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!showOTPModal) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [showOTPModal]);

  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));
  const email = pendingEmail ?? '';

  const verify = async () => {
    setError(null);
    setInfo(null);
    if (!signupToken) {
      setError(AUTH_MESSAGES.tokenMissing);
      return;
    }
    if (!/^\d{6}$/.test(otp)) {
      setError('Enter the 6-digit code from the email.');
      return;
    }
    setVerifying(true);
    try {
      await authApi.verifyOtp({ email, otp }, signupToken);
      dispatch(otpVerified());
      onVerified(AUTH_MESSAGES.otpVerified);
    } catch (err) {
      setError(getErrorMessage(err, AUTH_MESSAGES.otpFailed));
    } finally {
      setVerifying(false);
    }
  };

  const resend = async () => {
    setError(null);
    setInfo(null);
    if (!signupToken) {
      setError(AUTH_MESSAGES.tokenMissing);
      return;
    }
    setResending(true);
    try {
      const { data } = await authApi.resendOtp({ email }, signupToken);
      setInfo(data?.message ?? `We sent a new code to ${email}.`);
      setResendAt(Date.now() + RESEND_COOLDOWN_MS);
      setNow(Date.now());
    } catch (err) {
      setError(getErrorMessage(err, AUTH_MESSAGES.resendFailed));
    } finally {
      setResending(false);
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={showOTPModal}
      onClose={() => dispatch(otpModalClosed())}
      title="Check your email"
      centered
      closeOnClickOutside={false}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
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
              // The Modal's focus trap starts on [data-autofocus]; autoFocus lost to the close X.
              getInputProps={(index) => (index === 0 ? { 'data-autofocus': true } : {})}
              value={otp}
              onChange={setOtp}
              error={error !== null}
              ariaLabel="Verification code digit"
            />
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {info && (
            <Alert color="pawsy" role="status">
              {info}
            </Alert>
          )}
          <Button type="submit" loading={isVerifying} fullWidth>
            Verify code
          </Button>
          <Button
            variant="subtle"
            onClick={() => void resend()}
            disabled={secondsLeft > 0}
            loading={isResending}
          >
            {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
