import { z } from 'zod';
import { boundedPageQuery, pageMeta, trimmedText } from './common.ts';
import { emailField, nameField } from './auth.ts';

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact: a visitor's message to the Pawsy team. Unknown fields are dropped. */
export const contactBody = z.object({
  name: nameField('Name'),
  email: emailField,
  subject: trimmedText()
    .max(150, 'Subject is too long')
    .nullish()
    // An empty or missing subject is stored as none.
    .transform((v) => v || undefined),
  message: trimmedText()
    .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
});
export type ContactBody = z.input<typeof contactBody>;
export type ContactMessage = z.output<typeof contactBody>;

/** The stored message's reference (`_id` and `id` are the same value) and when it arrived. */
export const contactResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), id: z.string(), createdAt: z.string() }),
});
export type ContactResponse = z.infer<typeof contactResponse>;

/** GET /api/contact (admins): the inbox, newest first. */
export const contactListQuery = boundedPageQuery(20, {});
export type ContactListQuery = z.infer<typeof contactListQuery>;

/** One stored message as an admin reads it (`_id` and `id` are the same value). */
export const contactMessageWire = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessageWire = z.infer<typeof contactMessageWire>;

export const contactListResponse = z.object({
  success: z.literal(true),
  data: z.array(contactMessageWire),
  ...pageMeta,
});
export type ContactListResponse = z.infer<typeof contactListResponse>;

export const contactMessageResponse = z.object({
  success: z.literal(true),
  data: contactMessageWire,
});
export type ContactMessageResponse = z.infer<typeof contactMessageResponse>;
