import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids.ts';
import { findBookingOfPair } from '../modules/disputes/index.ts';
import { insertMessage } from '../modules/messages/index.ts';
import type { Seeder } from './index.ts';

const MINUTE = 60_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

type Line = { by: 'owner' | 'provider'; text: string; ago: number; unread?: boolean };
type DemoChat = {
  owner: string;
  provider: string;
  bookingStatus: 'accepted' | 'in-progress';
  lines: Line[];
};

/** Conversations on the active bookings of bookings.seed-data.ts, each ending in unread ones. */
const CHATS: DemoChat[] = [
  {
    owner: 'priya',
    provider: 'jade',
    bookingStatus: 'in-progress',
    lines: [
      { by: 'owner', text: 'Hi Jade! The spare key is under the blue pot.', ago: 2 * 24 * 60 },
      { by: 'provider', text: 'Got it, thanks. Mochi already says hello.', ago: 2 * 24 * 60 - 30 },
      { by: 'owner', text: 'How was the first night?', ago: 20 * 60 },
      { by: 'provider', text: 'Calm night, she ate everything.', ago: 90, unread: true },
      { by: 'provider', text: 'Plants are watered too', ago: 88, unread: true },
    ],
  },
  {
    owner: 'marcus',
    provider: 'hannah',
    bookingStatus: 'accepted',
    lines: [
      { by: 'provider', text: 'Hi Marcus, looking forward to meeting Juno!', ago: 22 * 60 },
      { by: 'owner', text: 'Great! Food is in the top cupboard.', ago: 21 * 60 },
      { by: 'provider', text: 'Could we do the key handover on Friday?', ago: 45, unread: true },
    ],
  },
];

export const messagesSeeder: Seeder = {
  name: 'messages',
  run: async (app, ctx) => {
    for (const chat of CHATS) await seedChat(app, ctx.users, chat);
  },
};

async function seedChat(app: FastifyInstance, users: Record<string, string>, chat: DemoChat) {
  const ownerId = users[chat.owner];
  const providerId = users[chat.provider];
  if (!ownerId || !providerId) return;
  const bookingId = await findBookingOfPair(app.db, ownerId, providerId, chat.bookingStatus);
  if (!bookingId) return;
  for (const line of chat.lines) {
    const [from, to] = line.by === 'owner' ? [ownerId, providerId] : [providerId, ownerId];
    await insertMessage(app.db, {
      id: newId(),
      booking_id: bookingId,
      sender_id: from,
      recipient_id: to,
      text: line.text,
      created_at: at(-line.ago * MINUTE),
      read_at: line.unread ? null : at(-line.ago * MINUTE + MINUTE),
    });
  }
}
