import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { getErrorMessage, serverFieldErrors } from '../../lib/api-error';
import { PROFILE_MESSAGES, profileApi, type Profile } from './profile-api';

export type ProfileState = {
  data: Profile | null;
  loading: boolean;
  error: string | null;
};

const initialState: ProfileState = { data: null, loading: false, error: null };

export const selectProfile = (state: RootState): Profile | null => state.profile.data;

const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    profileRequested(state) {
      state.loading = true;
      state.error = null;
    },
    profileLoaded(state, action: PayloadAction<Profile>) {
      state.data = action.payload;
      state.loading = false;
      state.error = null;
    },
    profileFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
});

export const { profileRequested, profileLoaded, profileFailed } = profileSlice.actions;
export const profileReducer = profileSlice.reducer;

/** GET /api/user/user-profile into the store; resolves to the profile or null. */
export async function fetchProfile(dispatch: Dispatch): Promise<Profile | null> {
  dispatch(profileRequested());
  try {
    const profile = await profileApi.fetch();
    dispatch(profileLoaded(profile));
    return profile;
  } catch (error) {
    const message =
      error instanceof Error && error.message === PROFILE_MESSAGES.noToken
        ? error.message
        : getErrorMessage(error, PROFILE_MESSAGES.fetchFailed);
    dispatch(profileFailed(message));
    return null;
  }
}

/** The server's `error` or `message`, else the fallback (SPEC §7: the update also reads `error`). */
export function getUpdateErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message === PROFILE_MESSAGES.noToken) return error.message;
  const data = (error as { response?: { data?: { error?: unknown; message?: unknown } } })?.response
    ?.data;
  if (typeof data?.error === 'string' && data.error.trim()) return data.error;
  return getErrorMessage(error, PROFILE_MESSAGES.updateFailed);
}

/** PUT /api/user/update-profile; resolves to { ok, message } for the screen to show. */
export async function updateProfile(
  dispatch: Dispatch,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<{ ok: boolean; message: string; fieldErrors: Record<string, string> }> {
  try {
    const { profile, message } = await profileApi.update(form, onProgress);
    dispatch(profileLoaded(profile));
    return { ok: true, message, fieldErrors: {} };
  } catch (error) {
    return {
      ok: false,
      message: getUpdateErrorMessage(error),
      fieldErrors: serverFieldErrors(error),
    };
  }
}
