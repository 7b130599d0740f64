import type { grantCreditsBody, userCreditsResponse } from '@pawsy/contract';
import type { z } from 'zod';
import { http } from '../../lib/http';

export type UserCredits = z.infer<typeof userCreditsResponse>['data'];
export type GrantCreditsInput = z.input<typeof grantCreditsBody>;

export const CREDIT_MESSAGES = {
  fetchFailed: 'Failed to fetch user credits',
  addFailed: 'Failed to add user credit',
} as const;

export const creditsApi = {
  get: (userId: string) =>
    http.get<{ success: true; data: UserCredits }>(
      `/api/userCredit/user-credits/${encodeURIComponent(userId)}`,
    ),
  /** Admin only: a ledger entry granting credits (cents) with a reason. */
  grant: (body: GrantCreditsInput) =>
    http.post<{ success: true; message: string; data: { balance: number } }>(
      '/api/userCredit/user-credits',
      body,
    ),
};
