import type { UserSelf } from '@pawsy/contract';
import { http } from '../../lib/http';
import { getSessionToken } from '../../lib/session';

export type Profile = UserSelf;

export const PROFILE_MESSAGES = {
  noToken: 'No authentication token found',
  fetchFailed: 'Failed to fetch profile',
  updateFailed: 'Failed to update profile',
  updated: 'Profile updated successfully',
} as const;

function requireToken(): void {
  if (!getSessionToken()) throw new Error(PROFILE_MESSAGES.noToken);
}

type ProfileAnswer = { data?: Profile; user?: Profile; message?: string };

export const profileApi = {
  async fetch(): Promise<Profile> {
    requireToken();
    const { data } = await http.get<ProfileAnswer>('/api/user/user-profile');
    const profile = data?.data ?? data?.user;
    if (!profile) throw new Error(PROFILE_MESSAGES.fetchFailed);
    return profile;
  },
  /** Multipart PUT with upload progress (0–100) when a photo is attached. */
  async update(
    form: FormData,
    onProgress?: (percent: number) => void,
  ): Promise<{ profile: Profile; message: string }> {
    requireToken();
    const { data } = await http.upload<ProfileAnswer>('PUT', '/api/user/update-profile', form, {
      onProgress,
    });
    if (!data?.data) throw new Error(PROFILE_MESSAGES.updateFailed);
    return { profile: data.data, message: data.message ?? PROFILE_MESSAGES.updated };
  },
};
