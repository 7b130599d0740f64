/** Public surface of the messages area (booking chat). Nothing else imports it but the registry. */
export { messagesRoutes, MESSAGE_RATE_LIMIT } from './messages.routes.ts';
export { getBookingMessages, sendMessage } from './messages.service.ts';
// The demo seed writes conversations with their history (read and unread), which no call does.
export { insertMessage } from './messages.repository.ts';
