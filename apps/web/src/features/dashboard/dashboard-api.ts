import type { UserDashboard } from '@pawsy/contract';
import { http } from '../../lib/http';

export type { UserDashboard };

export const USER_DASHBOARD_FAILED = 'Failed to fetch user dashboard';

export const userDashboardApi = {
  async get(userId: string): Promise<UserDashboard> {
    const { data } = await http.get<{ success?: boolean; data?: UserDashboard }>(
      `/api/user/dashboard/${encodeURIComponent(userId)}`,
    );
    if (!data?.data) throw new Error(USER_DASHBOARD_FAILED);
    return data.data;
  },
};
