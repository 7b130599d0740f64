import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { ApiError, getErrorMessage, serverFieldErrors } from '../../lib/api-error';
import {
  initialListPaging,
  mayLoadPage,
  mergeListPage,
  pageArrived,
  pageFailed,
  pageRequested,
  type ListPaging,
} from '../../lib/list-pages';
import {
  COUPON_MESSAGES,
  couponsApi,
  type Coupon,
  type CouponListResponse,
  type CreateCouponBody,
  type UpdateCouponBody,
} from './coupons-api';

export type CouponsState = {
  /** Newest first, growing page by page as the admin scrolls (LoadMore). */
  items: Coupon[];
  page: number;
  pages: number;
  total: number;
  paging: ListPaging;
  loading: boolean;
  /** A create or update is on its way. */
  saving: boolean;
  error: string | null;
};

const initialState: CouponsState = {
  items: [],
  page: 1,
  pages: 1,
  total: 0,
  paging: initialListPaging,
  loading: false,
  saving: false,
  error: null,
};

type Rejected = { rejectValue: string };

/** Why a save failed: messages for the form's fields, and anything that belongs to no field. */
export type CouponSaveFailure = { fieldErrors: Record<string, string>; message: string | null };
type SaveRejected = { rejectValue: CouponSaveFailure };

/** The server's field errors go to their fields; a taken code (409) to the Code field. */
function saveFailure(error: unknown, fallback: string): CouponSaveFailure {
  const fieldErrors = serverFieldErrors(error);
  const message = getErrorMessage(error, fallback);
  if (error instanceof ApiError && error.status === 409 && /code/i.test(message))
    fieldErrors.code ??= message;
  return { fieldErrors, message: Object.keys(fieldErrors).length > 0 ? null : message };
}

export const fetchCoupons = createAsyncThunk<CouponListResponse, number, Rejected>(
  'coupons/fetch',
  (page, { rejectWithValue }) =>
    couponsApi
      .list(page)
      .catch((e: unknown) => rejectWithValue(getErrorMessage(e, COUPON_MESSAGES.fetchFailed))),
  {
    condition: (page, { getState }) =>
      mayLoadPage((getState() as { coupons: CouponsState }).coupons.paging, page),
  },
);

export const addCoupon = createAsyncThunk<Coupon, CreateCouponBody, SaveRejected>(
  'coupons/add',
  (body, { rejectWithValue }) =>
    couponsApi
      .create(body)
      .catch((e: unknown) => rejectWithValue(saveFailure(e, COUPON_MESSAGES.addFailed))),
);

export const updateCoupon = createAsyncThunk<
  Coupon,
  { id: string; changes: UpdateCouponBody },
  SaveRejected
>('coupons/update', ({ id, changes }, { rejectWithValue }) =>
  couponsApi
    .update(id, changes)
    .catch((e: unknown) => rejectWithValue(saveFailure(e, COUPON_MESSAGES.updateFailed))),
);

const couponsSlice = createSlice({
  name: 'coupons',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchCoupons.pending, (state, { meta }) => {
        if (pageRequested(state.paging, meta.arg)) return;
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchCoupons.fulfilled, (state, { payload, meta }) => {
        // A created coupon shifts the pages by one: what is shown already is not repeated.
        state.items = mergeListPage(state.items, payload.data, meta.arg, (c) => c._id);
        state.page = payload.page;
        state.pages = Math.max(1, payload.pages);
        state.total = payload.total;
        pageArrived(state.paging, meta.arg, {
          hasMore: payload.page < payload.pages,
          count: payload.data.length,
          shownCount: state.items.length,
        });
        if (meta.arg === 1) state.loading = false;
      })
      .addCase(fetchCoupons.rejected, (state, action) => {
        const message = action.payload ?? COUPON_MESSAGES.fetchFailed;
        if (pageFailed(state.paging, action.meta.arg, message)) return;
        state.loading = false;
        state.error = message;
      })
      .addCase(addCoupon.pending, (state) => {
        state.saving = true;
      })
      // SPEC §4: a new coupon goes to the top of the list.
      .addCase(addCoupon.fulfilled, (state, { payload }) => {
        state.saving = false;
        state.items.unshift(payload);
        state.total += 1;
      })
      .addCase(addCoupon.rejected, (state) => {
        state.saving = false;
      })
      .addCase(updateCoupon.pending, (state) => {
        state.saving = true;
      })
      // SPEC §4: an updated coupon replaces the old one in place.
      .addCase(updateCoupon.fulfilled, (state, { payload }) => {
        state.saving = false;
        const i = state.items.findIndex((c) => c._id === payload._id);
        if (i >= 0) state.items[i] = payload;
      })
      .addCase(updateCoupon.rejected, (state) => {
        state.saving = false;
      });
  },
});

export const couponsReducer = couponsSlice.reducer;
