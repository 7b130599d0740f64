import { http } from '../../lib/http';
import { NO_TOKEN_MESSAGE, requireSessionToken } from '../../lib/session';

export type AppNotification = {
  _id: string;
  type?: string;
  message: string;
  time?: string;
  read?: boolean;
  data?: { datetime?: string; [key: string]: unknown };
};

export const NOTIFICATION_MESSAGES = {
  noToken: NO_TOKEN_MESSAGE,
  fetchFailed: 'Failed to fetch notifications',
  clearFailed: 'Failed to clear notifications',
} as const;

export const notificationsApi = {
  async fetchAll(): Promise<AppNotification[]> {
    requireSessionToken();
    const { data } = await http.get<{ allNotifications?: AppNotification[] }>(
      '/api/notifications/all',
    );
    return Array.isArray(data?.allNotifications) ? data.allNotifications : [];
  },
  async markAllRead(): Promise<void> {
    requireSessionToken();
    await http.post('/api/notifications/mark-all-read');
  },
};
