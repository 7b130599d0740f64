import { createSlice } from '@reduxjs/toolkit';

// Filled in by the disputes feature.
export type DisputeState = {
  items: Array<Record<string, unknown>>;
  current: Record<string, unknown> | null;
  loading: boolean;
  error: string | null;
};

const initialState: DisputeState = { items: [], current: null, loading: false, error: null };

const disputeSlice = createSlice({ name: 'dispute', initialState, reducers: {} });

export const disputeReducer = disputeSlice.reducer;
