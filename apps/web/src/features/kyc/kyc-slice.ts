import { createSlice } from '@reduxjs/toolkit';

// Filled in by the KYC feature.
export type KycState = {
  data: Record<string, unknown> | null;
  records: Array<Record<string, unknown>>;
  loading: boolean;
  error: string | null;
  message: string | null;
};

const initialState: KycState = {
  data: null,
  records: [],
  loading: false,
  error: null,
  message: null,
};

const kycSlice = createSlice({ name: 'kyc', initialState, reducers: {} });

export const kycReducer = kycSlice.reducer;
