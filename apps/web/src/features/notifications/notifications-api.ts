import { http } from '../../lib/http';
import { getSessionToken } from '../../lib/session';

export type AppNotification = {
  _id: string;
  type?: string;
  message: string;
  time?: string;
  read?: boolean;
  data?: { datetime?: string; [key: string]: unknown };
};

export const NOTIFICATION_MESSAGES = {
  noToken: 'No authentication token found',
  fetchFailed: 'Failed to fetch notifications',
  clearFailed: 'Failed to clear notifications',
} as const;

function requireToken(): void {
  if (!getSessionToken()) throw new Error(NOTIFICATION_MESSAGES.noToken);
}

export const notificationsApi = {
  async fetchAll(): Promise<AppNotification[]> {
    requireToken();
    const { data } = await http.get<{ allNotifications?: AppNotification[] }>(
      '/api/notifications/all',
    );
    return Array.isArray(data?.allNotifications) ? data.allNotifications : [];
  },
  async markAllRead(): Promise<void> {
    requireToken();
    await http.post('/api/notifications/mark-all-read');
  },
};
