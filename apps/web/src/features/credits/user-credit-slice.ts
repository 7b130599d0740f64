import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { getErrorMessage } from '../../lib/api-error';
import {
  CREDIT_MESSAGES,
  creditsApi,
  type GrantCreditsInput,
  type UserCredits,
} from './credits-api';

// One object per user (SPEC §3): balance in cents and the latest ledger entries.
export type UserCreditState = {
  byUser: Record<string, UserCredits>;
  loading: boolean;
  error: string | null;
};

const initialState: UserCreditState = { byUser: {}, loading: false, error: null };

export const fetchUserCredits = createAsyncThunk<UserCredits, string, { rejectValue: string }>(
  'userCredit/fetch',
  async (userId, { rejectWithValue }) => {
    try {
      const { data } = await creditsApi.get(userId);
      return data.data;
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, CREDIT_MESSAGES.fetchFailed));
    }
  },
);

/** Admin grant; the user's balance is refetched afterwards by whoever shows it. */
export const addUserCredit = createAsyncThunk<
  { userId: string; balance: number },
  GrantCreditsInput,
  { rejectValue: string }
>('userCredit/add', async (body, { rejectWithValue }) => {
  try {
    const { data } = await creditsApi.grant(body);
    return { userId: body.userId, balance: data.data.balance };
  } catch (error) {
    return rejectWithValue(getErrorMessage(error, CREDIT_MESSAGES.addFailed));
  }
});

const userCreditSlice = createSlice({
  name: 'userCredit',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchUserCredits.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchUserCredits.fulfilled, (state, action) => {
        state.loading = false;
        state.byUser[action.payload.userId] = action.payload;
      })
      .addCase(fetchUserCredits.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? CREDIT_MESSAGES.fetchFailed;
      })
      .addCase(addUserCredit.fulfilled, (state, action) => {
        const known = state.byUser[action.payload.userId];
        if (known) known.balance = action.payload.balance;
      })
      .addCase(addUserCredit.rejected, (state, action) => {
        state.error = action.payload ?? CREDIT_MESSAGES.addFailed;
      });
  },
});

export const userCreditReducer = userCreditSlice.reducer;
