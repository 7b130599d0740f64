import { z } from 'zod';

export const notificationWire = z.object({
  _id: z.string(),
  type: z.string(),
  message: z.string(),
  time: z.string(),
  read: z.boolean(),
  data: z.record(z.string(), z.unknown()).and(z.object({ datetime: z.string() })),
});
export type NotificationWireBody = z.infer<typeof notificationWire>;

export const notificationListResponse = z.object({
  success: z.literal(true),
  allNotifications: z.array(notificationWire),
});
export const markAllReadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  updated: z.number(),
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
  ticket: z.string().max(200).optional(),
});

// ---- Types of the calls above, for clients ----
export type NotificationListResponse = z.infer<typeof notificationListResponse>;
export type MarkAllReadResponse = z.infer<typeof markAllReadResponse>;
