import type { GrantCreditsBody, GrantCreditsResponse, UserCreditsResponse } from '@pawsy/contract';
import { http } from '../../lib/http';

export type UserCredits = UserCreditsResponse['data'];
export type GrantCreditsInput = GrantCreditsBody;

export const CREDIT_MESSAGES = {
  fetchFailed: 'Failed to fetch user credits',
  addFailed: 'Failed to add user credit',
} as const;

export const creditsApi = {
  get: (userId: string) =>
    http.get<UserCreditsResponse>(`/api/userCredit/user-credits/${encodeURIComponent(userId)}`),
  /** Admin only: a ledger entry granting credits (cents) with a reason. */
  grant: (body: GrantCreditsInput) =>
    http.post<GrantCreditsResponse>('/api/userCredit/user-credits', body),
};
