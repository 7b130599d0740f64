import type {
  NearbyCard,
  NearbyQuery,
  NearbyResponse,
  PublicUser,
  PublicUserResponse,
  UserReview,
  UserReviewsResponse,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type SitterCard = NearbyCard;
export type SitterProfile = PublicUser;
export type NearbyPage = NearbyResponse;
export type SitterReview = UserReview;
export type ReviewsPage = UserReviewsResponse;

/** SPEC §9: nearby users page size. */
export const NEARBY_PAGE_SIZE = 15;
export const REVIEWS_PAGE_SIZE = 10;

export const SITTER_MESSAGES = {
  listFailed: 'Failed to fetch nearby users.',
  detailFailed: 'Failed to load user details.',
  /** No such user, a malformed id, or a user who is not a sitter (an owner, an admin). */
  notFound: 'This sitter was not found',
  reviewsFailed: 'Failed to load reviews',
} as const;

/** The search's filters as the URL holds them; '' is "any". Dates are YYYY-MM-DD, both or neither. */
export type SitterFilters = {
  name: string;
  city: string;
  service: string;
  startDate: string;
  endDate: string;
  petType: string;
};

export const EMPTY_FILTERS: SitterFilters = {
  name: '',
  city: '',
  service: '',
  startDate: '',
  endDate: '',
  petType: '',
};

/** What a client may send to GET /api/user/nearby: every field optional. */
export type NearbySearch = Partial<NearbyQuery>;

/** SPEC §7 reads of other users (nearby list, public profile, reviews), one function each. */
export const sittersApi = {
  async nearby(query: NearbySearch = {}): Promise<NearbyPage> {
    const { data } = await http.get<NearbyPage>('/api/user/nearby', { query });
    return data;
  },
  async get(id: string): Promise<SitterProfile> {
    const { data } = await http.get<PublicUserResponse>(`/api/user/${encodeURIComponent(id)}`);
    if (!data?.data) throw new Error(SITTER_MESSAGES.detailFailed);
    return data.data;
  },
  async reviews(id: string, page: number): Promise<ReviewsPage> {
    const { data } = await http.get<ReviewsPage>(`/api/user/${encodeURIComponent(id)}/reviews`, {
      query: { page, limit: REVIEWS_PAGE_SIZE },
    });
    if (!Array.isArray(data?.data)) throw new Error(SITTER_MESSAGES.reviewsFailed);
    return data;
  },
};
