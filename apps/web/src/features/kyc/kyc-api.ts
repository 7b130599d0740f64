import type { KycListResponse, KycMessage, KycRecord, KycStatus } from '@pawsy/contract';
import { http } from '../../lib/http';
import { getSessionToken, requireSessionToken } from '../../lib/session';

export type { KycMessage, KycRecord, KycStatus };

/** SPEC §5 and §8: the KYC area's own messages and fallbacks. */
export const KYC_MESSAGES = {
  missingCredentials: 'Missing authentication credentials or user ID',
  noRecords: 'No KYC records found',
  addFailed: 'Failed to add KYC',
  fetchFailed: 'Failed to fetch KYC data',
  fetchUserFailed: 'Failed to fetch user KYC data',
  verifyFailed: 'Failed to verify KYC',
  pollFailed: 'Failed to poll conversation updates',
  /** A message to the reviewer that got no answer at all (offline). */
  sendFailed: 'The message could not be sent; check your connection and try again',
  verified: 'KYC verified successfully',
  rejected: 'KYC rejected successfully',
} as const;

export type KycListParams = {
  status?: KycStatus | '';
  search?: string;
  page?: number;
  limit?: number;
};
export type KycPage = Omit<KycListResponse, 'success'>;

const enc = encodeURIComponent;

export const kycApi = {
  /** POST /api/kyc (multipart: documents, text, userId, kycId); upload progress 0–100. */
  async submit(
    userId: string | null | undefined,
    input: { files: File[]; text: string; kycId?: string | null },
    onProgress?: (percent: number) => void,
  ): Promise<KycRecord> {
    if (!getSessionToken() || !userId) throw new Error(KYC_MESSAGES.missingCredentials);
    // Fields before files: the API refuses a wrong userId or kycId before receiving any document.
    const form = new FormData();
    form.set('text', input.text);
    form.set('userId', userId);
    if (input.kycId) form.set('kycId', input.kycId);
    for (const file of input.files) form.append('documents', file);
    const { data } = await http.upload<{ data: KycRecord }>('POST', '/api/kyc', form, {
      onProgress,
    });
    return data.data;
  },
  /** Admins: GET /api/kyc, paged. */
  async list(params: KycListParams = {}): Promise<KycPage> {
    requireSessionToken();
    const { data } = await http.get<KycListResponse>('/api/kyc', { query: params });
    return data;
  },
  /** The user's records, newest first (the owner's own, or any for admins). */
  async byUser(userId: string): Promise<KycRecord[]> {
    requireSessionToken();
    const { data } = await http.get<{ data: KycRecord[] }>(`/api/kyc/user/${enc(userId)}`);
    return data.data;
  },
  async byId(kycId: string): Promise<KycRecord> {
    requireSessionToken();
    const { data } = await http.get<{ data: KycRecord }>(`/api/kyc/${enc(kycId)}`);
    return data.data;
  },
  /** Admins: `VERIFIED` verifies the user's newest record; anything else rejects it. */
  async verify(
    userId: string,
    action: string,
    rejectionReason?: string | null,
    seen?: Pick<KycRecord, '_id' | 'status'>,
  ) {
    requireSessionToken();
    // `seen`: the record on the admin's screen; the API refuses (409) if it moved on since.
    const { data } = await http.put<{ message: string; data: KycRecord }>(
      `/api/kyc/verify/${enc(userId)}`,
      {
        action,
        rejectionReason: rejectionReason || null,
        ...(seen ? { kycId: seen._id, expectedStatus: seen.status } : {}),
      },
    );
    return data;
  },
  /** The server records the caller as the sender; `sender` is sent as the spec's clients do. */
  async sendMessage(kycId: string, text: string, sender: string | undefined) {
    requireSessionToken();
    const { data } = await http.post<{ data: KycMessage; conversation: KycMessage[] }>(
      '/api/kyc/send-message',
      { kycId, text, sender },
    );
    return data;
  },
};
