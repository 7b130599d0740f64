import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../../lib/session';

export type AuthState = {
  token: string | null;
  user: SessionUser | null;
  expiresAt: string | null;
  /** Signup succeeded and the email code has not been verified yet (SPEC §4). */
  showOTPModal: boolean;
  /** Email and token returned by signup, used by the OTP modal. */
  pendingEmail: string | null;
  signupToken: string | null;
};

export const initialAuthState: AuthState = {
  token: null,
  user: null,
  expiresAt: null,
  showOTPModal: false,
  pendingEmail: null,
  signupToken: null,
};

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    loggedIn(
      state,
      action: PayloadAction<{ token: string; user: SessionUser; expiresAt: string | null }>,
    ) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.expiresAt = action.payload.expiresAt;
      state.showOTPModal = false;
      state.pendingEmail = null;
      state.signupToken = null;
    },
    /** Handled by the root reducer too: resets auth, profile, kyc and dispute (SPEC §4). */
    loggedOut() {
      return initialAuthState;
    },
    signupSucceeded(state, action: PayloadAction<{ token: string; email: string }>) {
      state.signupToken = action.payload.token;
      state.pendingEmail = action.payload.email;
      state.showOTPModal = true;
    },
    otpModalClosed(state) {
      state.showOTPModal = false;
    },
    otpVerified(state) {
      state.showOTPModal = false;
      state.signupToken = null;
    },
  },
});

export const { loggedIn, loggedOut, signupSucceeded, otpModalClosed, otpVerified } =
  authSlice.actions;
export const authReducer = authSlice.reducer;
