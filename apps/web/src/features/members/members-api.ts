import type {
  AuditListResponse,
  AuditPage,
  MemberDetail,
  MemberDetailResponse,
  MemberListResponse,
  ProfileUpdateResponse,
  UserFlagsBody,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type { AuditListResponse, AuditPage, MemberDetail, MemberListResponse, UserFlagsBody };
export type Member = MemberListResponse['data'][number];
export type AuditEntry = AuditListResponse['data'][number];

/** SPEC §5 and §8: the member screens' messages and fallbacks. */
export const MEMBER_MESSAGES = {
  idRequired: 'User id is required',
  fetchFailed: 'Failed to fetch members',
  detailFailed: 'Failed to load user details.',
  /** SPEC §8's fallback for is_verified / KYC_verified (PUT /api/user/{id}). */
  flagsFailed: 'Failed to update KYC status',
  paidFailed: 'Failed to update paid status',
  updated: 'Member updated',
} as const;

export type MemberListParams = {
  search?: string;
  role?: 'user' | 'provider' | 'admin' | '';
  is_verified?: 'true' | 'false' | '';
  KYC_verified?: 'true' | 'false' | '';
  is_paid?: 'true' | 'false' | '';
  page?: number;
  limit?: number;
};

const enc = encodeURIComponent;

export const membersApi = {
  /** Admins: GET /api/admin/members (search by name or email, role and flag filters). */
  async list(params: MemberListParams = {}): Promise<MemberListResponse> {
    const { data } = await http.get<MemberListResponse>('/api/admin/members', { query: params });
    return data;
  },
  /** Admins: one member's profile, bookings, KYC status, credits and first audit page. */
  async get(id: string): Promise<MemberDetail> {
    const { data } = await http.get<MemberDetailResponse>(`/api/admin/members/${enc(id)}`);
    return data.data;
  },
  async audit(id: string, page = 1): Promise<AuditListResponse> {
    const { data } = await http.get<AuditListResponse>(`/api/admin/members/${enc(id)}/audit`, {
      query: { page },
    });
    return data;
  },
  /** Admins: PUT /api/user/{id} with only is_verified, KYC_verified and is_paid. */
  async setFlags(id: string | null | undefined, flags: UserFlagsBody) {
    if (!id) throw new Error(MEMBER_MESSAGES.idRequired);
    const { data } = await http.put<ProfileUpdateResponse>(`/api/user/${enc(id)}`, flags);
    return data.data;
  },
};
