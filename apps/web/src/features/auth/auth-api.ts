import { http } from '../../lib/http';

export type LoginRequest = { email: string; password: string; rememberMe: boolean };
export type LoginResponse = {
  token: string;
  expiresAt: string;
  user?: { KYC_verified?: boolean };
};

export type SignupRequest = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** SPEC §7 spelling. */
  primery_services: string[];
  password: string;
  term: boolean;
  userType: 'user' | 'provider';
};
export type SignupResponse = { token?: { token?: unknown; expiresAt?: string }; user?: unknown };

type MessageResponse = { success?: boolean; message?: string };

// Calls made before there is a session send no token and never count a 401 as an expired session.
const anonymous = { auth: false } as const;

export const authApi = {
  login: (body: LoginRequest) => http.post<LoginResponse>('/api/auth/login', body, anonymous),
  signup: (body: SignupRequest) => http.post<SignupResponse>('/api/auth/signup', body, anonymous),
  verifyOtp: (body: { email: string; otp: string }, token: string) =>
    http.post<MessageResponse>('/api/auth/verify-otp', body, { auth: false, token }),
  resendOtp: (body: { email: string }, token: string) =>
    http.post<MessageResponse>('/api/auth/resend-otp', body, { auth: false, token }),
  forgetPassword: (body: { email: string }) =>
    http.post<MessageResponse>('/api/auth/forget-password', body, anonymous),
  resetPassword: (body: { email: string; otp: string; password: string }) =>
    http.post<MessageResponse>('/api/auth/reset-password', body, anonymous),
  logout: (body: { email: string }) => http.post<MessageResponse>('/api/auth/logout', body),
  updatePassword: (body: { currentPassword: string; newPassword: string }) =>
    http.put<MessageResponse>('/api/auth/update-password', body),
  /** KYC_verified of the signed-in user (GET /api/user/user-profile); false when unknown. */
  async fetchKycVerified(): Promise<boolean> {
    try {
      const { data } = await http.get<unknown>('/api/user/user-profile');
      return readKycVerified(data);
    } catch {
      return false;
    }
  },
};

/** Finds KYC_verified in `{ KYC_verified }`, `{ user }`, `{ data }` or `{ data: { user } }`. */
export function readKycVerified(body: unknown): boolean {
  const candidates: unknown[] = [body];
  for (let i = 0; i < candidates.length && i < 6; i += 1) {
    const value = candidates[i];
    if (!value || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    if (typeof record.KYC_verified === 'boolean') return record.KYC_verified;
    candidates.push(record.user, record.data);
  }
  return false;
}
