import type {
  CloseAccountBody,
  CloseAccountResponse,
  CodeSentResponse,
  EmailBody,
  LoginBody,
  LoginResponse,
  LogoutBody,
  LogoutResponse,
  ResetPasswordBody,
  ResetPasswordResponse,
  SignupBody,
  SignupResponse,
  UpdatePasswordBody,
  UpdatePasswordResponse,
  VerifyOtpBody,
  VerifyOtpResponse,
} from '@pawsy/contract';
import { http } from '../../lib/http';

// Calls made before there is a session send no token and never count a 401 as an expired session.
const anonymous = { auth: false } as const;

/** SPEC §7 auth calls, one function each. */
export const authApi = {
  login: (body: LoginBody) => http.post<LoginResponse>('/api/auth/login', body, anonymous),
  signup: (body: SignupBody) => http.post<SignupResponse>('/api/auth/signup', body, anonymous),
  // The signup's token goes with its code step (SPEC §8); the login's code step has none.
  verifyOtp: (body: VerifyOtpBody, token?: string) =>
    http.post<VerifyOtpResponse>('/api/auth/verify-otp', body, { auth: false, token }),
  resendOtp: (body: EmailBody, token?: string) =>
    http.post<CodeSentResponse>('/api/auth/resend-otp', body, { auth: false, token }),
  forgetPassword: (body: EmailBody) =>
    http.post<CodeSentResponse>('/api/auth/forget-password', body, anonymous),
  resetPassword: (body: ResetPasswordBody) =>
    http.post<ResetPasswordResponse>('/api/auth/reset-password', body, anonymous),
  logout: (body: LogoutBody) => http.post<LogoutResponse>('/api/auth/logout', body),
  updatePassword: (body: UpdatePasswordBody) =>
    http.put<UpdatePasswordResponse>('/api/auth/update-password', body),
  closeAccount: (body: CloseAccountBody) =>
    http.delete<CloseAccountResponse>('/api/user/account', { body }),
};
