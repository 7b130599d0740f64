import { createSlice } from '@reduxjs/toolkit';

// Filled in by the reviews feature. Not persisted (SPEC §3).
export type ReviewState = { submitting: boolean; error: string | null };

const initialState: ReviewState = { submitting: false, error: null };

const reviewSlice = createSlice({ name: 'review', initialState, reducers: {} });

export const reviewReducer = reviewSlice.reducer;
