import { createLiveChannel } from '../../lib/live-channel';
import { NOTIFICATION_STREAM_PATH, notificationsApi } from './notifications-api';

/**
 * The tab's one live channel (notifications, chat messages…), opened with a fresh stream ticket
 * from the notifications API on every (re)connection. Other features reach it through index.ts.
 */
export const liveChannel = createLiveChannel({
  path: NOTIFICATION_STREAM_PATH,
  fetchTicket: async () => (await notificationsApi.streamTicket()).ticket,
});
