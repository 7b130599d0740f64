/** Public surface of the messages area (booking chat). Nothing else imports it but the registry. */
export { messagesRoutes, MESSAGE_RATE_LIMIT } from './messages.routes.ts';
export { getBookingMessages, sendMessage } from './messages.service.ts';
