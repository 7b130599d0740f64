import { Modal } from '@mantine/core';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { authApi } from '../auth-api';
import { AUTH_MESSAGES } from '../auth-errors';
import { otpModalClosed, otpVerified } from '../auth-slice';
import { forgetSignupStep } from '../code-steps';
import { CodeStepRefusal, EmailCodeForm } from './email-code-form';

type OtpModalProps = { onVerified: (message: string) => void };

/** Email code check after signup (SPEC §4: showOTPModal). */
export function OtpModal({ onVerified }: OtpModalProps) {
  const dispatch = useAppDispatch();
  const { showOTPModal, pendingEmail } = useAppSelector((state) => state.auth);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={showOTPModal}
      onClose={() => {
        // Leaving the code step: a reload no longer brings it back (logging in does).
        forgetSignupStep();
        dispatch(otpModalClosed());
      }}
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
  const email = pendingEmail ?? '';
  // SPEC §8: the signup's token goes with both calls; without it, "Token not found in session.".
  const tokenOrRefuse = () => {
    if (!signupToken) throw new CodeStepRefusal(AUTH_MESSAGES.tokenMissing);
    return signupToken;
  };
  return (
    <EmailCodeForm
      email={email}
      verify={async (otp) => {
        await authApi.verifyOtp({ email, otp }, tokenOrRefuse());
        dispatch(otpVerified());
        onVerified(AUTH_MESSAGES.otpVerified);
      }}
      resend={async () => (await authApi.resendOtp({ email }, tokenOrRefuse())).data?.message}
    />
  );
}
