import type {
  CreateDisputeBody,
  DisputeStatus,
  DisputeStatusBody,
  DisputeWire,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type Dispute = DisputeWire;
export type { DisputeStatus };
export type DisputeStatusChange = DisputeStatusBody;
export type DisputePage = {
  data: Dispute[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasMore: boolean;
};
export type NewDispute = Required<Pick<CreateDisputeBody, 'bookingId' | 'reason'>> & {
  description?: string;
  files?: File[];
};
export type DisputeListParams = {
  status?: DisputeStatus;
  bookingId?: string;
  page?: number;
  limit?: number;
};

/** SPEC §8 fallbacks, shown when the server sends no message of its own. */
export const DISPUTE_MESSAGES = {
  createFailed: 'Failed to create dispute',
  fetchOneFailed: 'Failed to fetch dispute',
  /** A missing, hidden or malformed dispute id (404 or 400). */
  notFound: 'Dispute not found',
  fetchListFailed: 'Failed to fetch disputes',
  updateFailed: 'Failed to update dispute status',
} as const;

const DISPUTES = '/api/dispute/';
type One = { success: true; message?: string; data: Dispute };

/** The dispute calls of SPEC §7 (every dispute path appears here and nowhere else). */
export const disputesApi = {
  /** JSON, or multipart when evidence files come along (field `evidence`). */
  async create(input: NewDispute): Promise<Dispute> {
    const { files = [], ...fields } = input;
    let body: unknown = { ...fields, description: fields.description ?? '' };
    if (files.length > 0) {
      const form = new FormData();
      form.append('bookingId', fields.bookingId);
      form.append('reason', fields.reason);
      form.append('description', fields.description ?? '');
      for (const file of files) form.append('evidence', file);
      body = form;
    }
    const { data } = await http.post<One>(DISPUTES, body);
    return data.data;
  },
  async list(params: DisputeListParams = {}): Promise<DisputePage> {
    const { data } = await http.get<DisputePage>(DISPUTES, { query: params });
    return data;
  },
  async get(id: string): Promise<Dispute> {
    const { data } = await http.get<One>(`/api/dispute/${encodeURIComponent(id)}`);
    return data.data;
  },
  async updateStatus(id: string, change: DisputeStatusChange): Promise<Dispute> {
    const { data } = await http.put<One>(
      `/api/dispute/status-update/${encodeURIComponent(id)}`,
      change,
    );
    return data.data;
  },
};
