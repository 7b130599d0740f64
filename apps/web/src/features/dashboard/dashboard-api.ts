import type {
  AdminDashboard,
  AdminDashboardResponse,
  UserDashboard,
  UserDashboardResponse,
} from '@pawsy/contract';
import { http } from '../../lib/http';

export type { AdminDashboard, UserDashboard };

export const USER_DASHBOARD_FAILED = 'Failed to fetch user dashboard';
/** SPEC §8: the admin dashboard's fetch fallback (the screen shows 'Unable to load admin dashboard'). */
export const ADMIN_DASHBOARD_FAILED = 'Failed to fetch admin dashboard';

export const dashboardApi = {
  async get(userId: string): Promise<UserDashboard> {
    const { data } = await http.get<UserDashboardResponse>(
      `/api/user/dashboard/${encodeURIComponent(userId)}`,
    );
    if (!data?.data) throw new Error(USER_DASHBOARD_FAILED);
    return data.data;
  },

  async admin(): Promise<AdminDashboard> {
    const { data } = await http.get<AdminDashboardResponse>('/api/admin-dashboard');
    if (!data?.data) throw new Error(ADMIN_DASHBOARD_FAILED);
    return data.data;
  },
};
