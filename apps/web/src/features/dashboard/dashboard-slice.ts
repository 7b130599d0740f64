import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { getErrorMessage } from '../../lib/api-error';
import { ADMIN_DASHBOARD_FAILED, dashboardApi, type AdminDashboard } from './dashboard-api';

// The admin dashboard; the time of the last fetch is kept (SPEC §3) and persisted with it.
export type DashboardState = {
  data: AdminDashboard | null;
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

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    adminDashboardRequested(state) {
      state.loading = true;
      state.error = null;
    },
    adminDashboardLoaded(state, action: PayloadAction<{ data: AdminDashboard; at: string }>) {
      state.data = action.payload.data;
      state.lastFetchedAt = action.payload.at;
      state.loading = false;
    },
    // The last figures stay on screen (with their time) when a refresh fails.
    adminDashboardFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
  },
});

export const { adminDashboardRequested, adminDashboardLoaded, adminDashboardFailed } =
  dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;
export const selectAdminDashboard = (state: RootState): DashboardState => state.dashboard;

export async function fetchAdminDashboard(dispatch: Dispatch, now = () => new Date()) {
  dispatch(adminDashboardRequested());
  try {
    const data = await dashboardApi.admin();
    dispatch(adminDashboardLoaded({ data, at: now().toISOString() }));
  } catch (error) {
    dispatch(adminDashboardFailed(getErrorMessage(error, ADMIN_DASHBOARD_FAILED)));
  }
}
