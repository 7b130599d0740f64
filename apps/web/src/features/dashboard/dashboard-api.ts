import type { UserDashboard, UserDashboardResponse } from '@pawsy/contract';
import { http } from '../../lib/http';

export type { UserDashboard };

export const USER_DASHBOARD_FAILED = 'Failed to fetch user dashboard';

export const dashboardApi = {
  async get(userId: string): Promise<UserDashboard> {
    const { data } = await http.get<UserDashboardResponse>(
      `/api/user/dashboard/${encodeURIComponent(userId)}`,
    );
    if (!data?.data) throw new Error(USER_DASHBOARD_FAILED);
    return data.data;
  },
};
