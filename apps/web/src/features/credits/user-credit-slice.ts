import { createSlice } from '@reduxjs/toolkit';

// Filled in by the credits feature: one object per user.
export type UserCreditState = {
  byUser: Record<string, Record<string, unknown>>;
  loading: boolean;
  error: string | null;
};

const initialState: UserCreditState = { byUser: {}, loading: false, error: null };

const userCreditSlice = createSlice({ name: 'userCredit', initialState, reducers: {} });

export const userCreditReducer = userCreditSlice.reducer;
