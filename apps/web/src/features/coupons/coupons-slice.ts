import { createSlice } from '@reduxjs/toolkit';

// Filled in by the coupons feature (list response: data, page, pages, total).
export type CouponsState = {
  items: Array<Record<string, unknown> & { _id: string }>;
  page: number;
  pages: number;
  total: number;
  loading: boolean;
  error: string | null;
};

const initialState: CouponsState = {
  items: [],
  page: 1,
  pages: 1,
  total: 0,
  loading: false,
  error: null,
};

const couponsSlice = createSlice({ name: 'coupons', initialState, reducers: {} });

export const couponsReducer = couponsSlice.reducer;
