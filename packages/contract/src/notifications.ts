import { z } from 'zod';
import { boundedPageQuery, pageMeta, plainText } from './common.ts';

export const notificationWire = z.object({
  _id: z.string(),
  type: z.string(),
  message: z.string(),
  time: z.string(),
  read: z.boolean(),
  data: z.record(z.string(), z.unknown()).and(z.object({ datetime: z.string() })),
});
export type NotificationWireBody = z.infer<typeof notificationWire>;

/**
 * The default page of GET /api/notifications/all: the 100 newest unread, what a client that sends
 * no paging has always been given (docs/decisions.md).
 */
export const NOTIFICATION_PAGE_SIZE = 100;
/** GET /api/notifications/all: `page` from 1, `limit` at most 100 (DESIGN §4). */
export const notificationListQuery = boundedPageQuery(NOTIFICATION_PAGE_SIZE, {});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** `{ allNotifications }` as DESIGN §4 names it, with the paging fields beside it. */
export const notificationListResponse = z.object({
  success: z.literal(true),
  allNotifications: z.array(notificationWire),
  ...pageMeta,
});
/** `updated` stays at the top for clients that read it; `data` carries it as DESIGN §4 asks. */
export const markAllReadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.number(),
  data: z.object({ updated: z.number() }),
});
/** POST /api/notifications/{id}/read: the caller's notification, now read (it leaves the list). */
export const markReadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: notificationWire,
});
/**
 * POST /api/notifications/stream-ticket: a single-use ticket, valid 60 s, that opens the live
 * stream (`GET /api/notifications/stream?ticket=…`) so the long-lived token never sits in a URL.
 */
export const streamTicketResponse = z.object({
  success: z.literal(true),
  data: z.object({ ticket: z.string(), expiresAt: z.string() }),
});
export type StreamTicketResponse = z.infer<typeof streamTicketResponse>;
/** The live channel's only credential is a ticket from POST /api/notifications/stream-ticket. */
export const notificationStreamQuery = z.object({
  ticket: plainText('ticket', 200).optional(),
});

// ---- Types of the calls above, for clients ----
export type NotificationListResponse = z.infer<typeof notificationListResponse>;
export type MarkAllReadResponse = z.infer<typeof markAllReadResponse>;
export type MarkReadResponse = z.infer<typeof markReadResponse>;
