import { createSlice } from '@reduxjs/toolkit';

// Filled in by the admin dashboard feature; the time of the last fetch is kept (SPEC §3).
export type DashboardState = {
  data: Record<string, unknown> | null;
  lastFetchedAt: string | null;
  loading: boolean;
  error: string | null;
};

const initialState: DashboardState = {
  data: null,
  lastFetchedAt: null,
  loading: false,
  error: null,
};

const dashboardSlice = createSlice({ name: 'dashboard', initialState, reducers: {} });

export const dashboardReducer = dashboardSlice.reducer;
