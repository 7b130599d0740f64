import type {
  MarkAllReadResponse,
  MarkReadResponse,
  NotificationListResponse,
  NotificationWireBody,
  StreamTicketResponse,
} from '@pawsy/contract';
import { http } from '../../lib/http';
import { NO_TOKEN_MESSAGE, requireSessionToken } from '../../lib/session';

export type AppNotification = NotificationWireBody;
export type StreamTicket = StreamTicketResponse['data'];
export type NotificationPage = { items: AppNotification[]; hasMore: boolean; total: number };

/** The bell's page size: the API's default (100) is for clients that do not page (decisions.md). */
export const NOTIFICATION_PAGE_LIMIT = 20;

export const NOTIFICATION_MESSAGES = {
  noToken: NO_TOKEN_MESSAGE,
  fetchFailed: 'Failed to fetch notifications',
  clearFailed: 'Failed to clear notifications',
} as const;

/** The path of the live stream; opened with a ticket from streamTicket(), never with the token. */
export const NOTIFICATION_STREAM_PATH = '/api/notifications/stream';

export const notificationsApi = {
  /** One page of the unread ones, newest first, with whether there is more and how many. */
  async fetchPage(page: number, limit = NOTIFICATION_PAGE_LIMIT): Promise<NotificationPage> {
    requireSessionToken();
    const { data } = await http.get<NotificationListResponse>('/api/notifications/all', {
      query: { page, limit },
    });
    const items = Array.isArray(data?.allNotifications) ? data.allNotifications : [];
    return { items, hasMore: data?.hasMore === true, total: data?.total ?? items.length };
  },
  async markAllRead(): Promise<void> {
    requireSessionToken();
    await http.post<MarkAllReadResponse>('/api/notifications/mark-all-read');
  },
  /** Marks one notification read: it leaves the unread list. */
  async markRead(id: string): Promise<void> {
    requireSessionToken();
    await http.post<MarkReadResponse>(`/api/notifications/${encodeURIComponent(id)}/read`);
  },
  /** A single-use ticket (valid 60 s) for one EventSource connection to the stream. */
  async streamTicket(): Promise<StreamTicket> {
    requireSessionToken();
    const { data } = await http.post<StreamTicketResponse>('/api/notifications/stream-ticket');
    return data.data;
  },
};
