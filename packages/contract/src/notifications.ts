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
/** EventSource cannot send headers, so the live channel takes its credentials in the query. */
export const notificationStreamQuery = z.object({
  token: z.string().max(4096).optional(),
  secretKey: z.string().max(512).optional(),
});
