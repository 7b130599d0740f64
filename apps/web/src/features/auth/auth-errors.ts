import { ApiError, getErrorMessage } from '../../lib/api-error';

/** SPEC §8 login messages: 400 and 401 have their own fallbacks, anything else "Login failed.". */
export function getLoginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400) return getErrorMessage(error, 'Invalid credentials.');
    if (error.status === 401) return getErrorMessage(error, 'Invalid username or password.');
  }
  return getErrorMessage(error, 'Login failed.');
}

export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful! Redirecting...',
  otpVerified: 'OTP verified successfully! Redirecting...',
  invalidSignupToken: 'Invalid token received from server.',
  signupUnexpectedStatus: 'Signup failed with unexpected status code.',
  signupFailed: 'Signup failed. Please try again.',
  otpFailed: 'OTP verification failed.',
  resendFailed: 'Failed to resend OTP',
  tokenMissing: 'Token not found in session.',
  sendOtpFailed: 'Failed to send OTP',
  resetFailed: 'Failed to reset password',
  unexpectedResponse: 'Unexpected response from server',
  updatePasswordFailed: 'Failed to update password',
  closeAccountFailed: 'Failed to close the account',
  accountClosed: 'Your account is closed. Thank you for using Pawsy.',
} as const;

/** SPEC §9: where the app goes three seconds after a successful login. */
export const LOGIN_REDIRECT_DELAY_MS = 3000;
