import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { getErrorMessage } from '../../lib/api-error';
import { REVIEW_MESSAGES, reviewsApi, type Review, type ReviewColumns } from './reviews-api';

// Not persisted (SPEC §3).
export type ReviewState = { submitting: boolean; error: string | null };

const initialState: ReviewState = { submitting: false, error: null };

export const addReview = createAsyncThunk<
  Review,
  { bookingId: string; columns: ReviewColumns },
  { rejectValue: string }
>('review/add', async ({ bookingId, columns }, { rejectWithValue }) => {
  try {
    const { data } = await reviewsApi.create(bookingId, columns);
    return data.data;
  } catch (error) {
    return rejectWithValue(getErrorMessage(error, REVIEW_MESSAGES.addFailed));
  }
});

const reviewSlice = createSlice({
  name: 'review',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(addReview.pending, (state) => {
        state.submitting = true;
        state.error = null;
      })
      .addCase(addReview.fulfilled, (state) => {
        state.submitting = false;
      })
      .addCase(addReview.rejected, (state, action) => {
        state.submitting = false;
        state.error = action.payload ?? REVIEW_MESSAGES.addFailed;
      });
  },
});

export const reviewReducer = reviewSlice.reducer;
