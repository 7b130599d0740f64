import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { getErrorMessage } from '../../../lib/api-error';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { otpModalClosed, otpVerified } from '../auth-slice';
import { useResendCooldown } from '../hooks/use-resend-cooldown';
import { FormMessages } from './form-messages';

type OtpModalProps = { onVerified: (message: string) => void };

/** Email code check after signup (SPEC §4: showOTPModal). */
export function OtpModal({ onVerified }: OtpModalProps) {
  const dispatch = useAppDispatch();
  const { showOTPModal, pendingEmail } = useAppSelector((state) => state.auth);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={showOTPModal}
      onClose={() => dispatch(otpModalClosed())}
      title="Check your email"
      centered
      closeOnClickOutside={false}
    >
      {/* The dialog's content mounts as it opens, just after signup sent the code, so the resend
          wait counts from then; another address is another code, with its own wait. */}
      <OtpForm key={pendingEmail ?? ''} onVerified={onVerified} />
    </Modal>
  );
}

function OtpForm({ onVerified }: OtpModalProps) {
  const dispatch = useAppDispatch();
  const { pendingEmail, signupToken } = useAppSelector((state) => state.auth);
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [isVerifying, setVerifying] = useState(false);
  const [isResending, setResending] = useState(false);
  const { secondsLeft, restart: restartCooldown } = useResendCooldown();
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
      restartCooldown();
    } catch (err) {
      setError(getErrorMessage(err, AUTH_MESSAGES.resendFailed));
    } finally {
      setResending(false);
    }
  };

  return (
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
        <FormMessages error={error} info={info} />
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
  );
}
