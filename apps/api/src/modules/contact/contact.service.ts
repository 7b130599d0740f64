import type { FastifyInstance } from 'fastify';
import {
  toPageMeta,
  type ContactListQuery,
  type ContactListResponse,
  type ContactMessage,
  type ContactMessageWire,
  type ContactResponse,
} from '@pawsy/contract';
import { notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { contactMessageMail } from '../../lib/mail-templates.ts';
import type { ContactMessagesTable } from '../../db/schema.ts';
import { notifyUser } from '../notifications/index.ts';
import { listAdminRecipients } from '../users/index.ts';
import * as repo from './contact.repository.ts';

export const CONTACT_SENT_MESSAGE = 'Thanks! Your message has been sent.';

type ContactReceipt = ContactResponse['data'];

/**
 * Stores a contact-form message, then mails it to every admin (replies go to the visitor) and
 * notifies each of them in the app. The stored row is the record: a failed mail is only logged
 * by the mailer, and without any admin the message still waits in the table.
 */
export async function submitContactMessage(
  app: FastifyInstance,
  input: ContactMessage,
): Promise<ContactReceipt> {
  const row: ContactMessagesTable = {
    id: newId(),
    name: input.name,
    email: input.email,
    subject: input.subject ?? null,
    message: input.message,
    created_at: nowIso(),
  };
  await repo.insertContactMessage(app.db, row);
  const receipt = { _id: row.id, id: row.id, createdAt: row.created_at };

  const admins = await listAdminRecipients(app.db);
  if (admins.length === 0) {
    app.log.warn({ contactMessageId: row.id }, 'contact message stored but no admin to tell');
    return receipt;
  }
  const mail = contactMessageMail({ ...row, createdAt: row.created_at }, app.config.publicUrl);
  const summary = `New contact message from ${row.name}: ${row.subject ?? 'No subject'}`;
  await Promise.all(
    admins.map(async (admin) => {
      await app.mailer.send({ to: admin.email, replyTo: row.email, ...mail });
      await notifyUser(app, admin.id, {
        type: 'contact-message',
        message: summary,
        data: { contactMessageId: row.id, email: row.email },
      });
    }),
  );
  return receipt;
}

const toWire = (row: ContactMessagesTable): ContactMessageWire => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  message: row.message,
  createdAt: row.created_at,
});

/** Admins: the inbox, newest first. */
export async function listContactMessages(
  app: FastifyInstance,
  query: ContactListQuery,
): Promise<ContactListResponse> {
  const { page, limit } = query;
  const [rows, total] = await Promise.all([
    repo.listContactMessages(app.db, limit, (page - 1) * limit),
    repo.countContactMessages(app.db),
  ]);
  return { success: true as const, data: rows.map(toWire), ...toPageMeta(page, limit, total) };
}

/** Admins: one message; 404 for an unknown id. */
export async function getContactMessage(
  app: FastifyInstance,
  id: string,
): Promise<ContactMessageWire> {
  const row = await repo.findContactMessage(app.db, id);
  if (!row) throw notFound('Contact message');
  return toWire(row);
}
