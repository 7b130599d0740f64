import type { AuditListResponse } from '@pawsy/contract';
import { http } from '../../lib/http';

export type CatalogueTarget = 'coupon' | 'package';
export type CatalogueChange = AuditListResponse['data'][number];

export const AUDIT_MESSAGES = {
  fetchFailed: 'Failed to fetch the change history',
} as const;

export const auditApi = {
  /** Admins: who changed which coupon or package, newest first. */
  catalogue: async (targetType: CatalogueTarget, page: number, limit = 10) => {
    const { data } = await http.get<AuditListResponse>('/api/admin/audit', {
      query: { targetType, page, limit },
    });
    return data;
  },
};
