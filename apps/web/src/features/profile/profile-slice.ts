import { createSlice } from '@reduxjs/toolkit';

// Filled in by the profile feature; the shell only needs the area to exist and reset on logout.
export type ProfileState = {
  data: Record<string, unknown> | null;
  loading: boolean;
  error: string | null;
};

const initialState: ProfileState = { data: null, loading: false, error: null };

const profileSlice = createSlice({ name: 'profile', initialState, reducers: {} });

export const profileReducer = profileSlice.reducer;
