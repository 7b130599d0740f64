import type {
  Coupon,
  CouponListResponse,
  CouponQuote,
  CreateCouponBody,
  UpdateCouponBody,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type { Coupon, CouponListResponse, CouponQuote, CreateCouponBody, UpdateCouponBody };

/** SPEC §8 fallbacks, shown when the server sends no message of its own. */
export const COUPON_MESSAGES = {
  fetchFailed: 'Failed to fetch coupons',
  addFailed: 'Failed to add coupon',
  updateFailed: 'Failed to update coupon',
  quoteFailed: 'This coupon cannot be applied',
} as const;

const COUPONS = '/api/coupons';
type One = { success: true; message: string; data: Coupon };

/** The coupon calls of SPEC §7 plus the price quote (every coupon path appears only here). */
export const couponsApi = {
  async list(page = 1): Promise<CouponListResponse> {
    const { data } = await http.get<CouponListResponse>(COUPONS, { query: { page } });
    return data;
  },
  async create(body: CreateCouponBody): Promise<Coupon> {
    const { data } = await http.post<One>(COUPONS, body);
    return data.data;
  },
  async update(id: string, body: UpdateCouponBody): Promise<Coupon> {
    const { data } = await http.put<One>(`${COUPONS}/${encodeURIComponent(id)}`, body);
    return data.data;
  },
  /** What a coupon takes off a price now; a 4xx (with the reason as message) when unusable. */
  async quote(code: string, amountCents: number): Promise<CouponQuote> {
    const { data } = await http.get<{ success: true; data: CouponQuote }>(`${COUPONS}/quote`, {
      query: { code, amountCents },
    });
    return data.data;
  },
};
