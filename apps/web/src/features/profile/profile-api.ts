import type { ProfileResponse, ProfileUpdateResponse, UserSelf } from '@pawsy/contract';
import { http } from '../../lib/http';
import { NO_TOKEN_MESSAGE, requireSessionToken } from '../../lib/session';

export type Profile = UserSelf;

export const PROFILE_MESSAGES = {
  noToken: NO_TOKEN_MESSAGE,
  fetchFailed: 'Failed to fetch profile',
  updateFailed: 'Failed to update profile',
  updated: 'Profile updated successfully',
} as const;

export const profileApi = {
  async fetch(): Promise<Profile> {
    requireSessionToken();
    const { data } = await http.get<ProfileResponse>('/api/user/user-profile');
    const profile = data?.data ?? data?.user;
    if (!profile) throw new Error(PROFILE_MESSAGES.fetchFailed);
    return profile;
  },
  /** Multipart PUT with upload progress (0–100) when a photo is attached. */
  async update(
    form: FormData,
    onProgress?: (percent: number) => void,
  ): Promise<{ profile: Profile; message: string }> {
    requireSessionToken();
    const { data } = await http.upload<ProfileUpdateResponse>(
      'PUT',
      '/api/user/update-profile',
      form,
      {
        onProgress,
      },
    );
    if (!data?.data) throw new Error(PROFILE_MESSAGES.updateFailed);
    return { profile: data.data, message: data.message ?? PROFILE_MESSAGES.updated };
  },
};
