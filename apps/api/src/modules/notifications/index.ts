/* What other areas may use of notifications (the notifications module extends this list). */
export {
  countUnread,
  ensureWelcomeNotification,
  isWelcomed,
  markNoticesRead,
  notifyUser,
} from './notifications.service.ts';
