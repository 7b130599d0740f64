import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { findLiveSession, type LiveSession } from '../auth/index.ts';
import * as repo from './notifications.repository.ts';

export const STREAM_TICKET_TTL_MS = 60_000;
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A ticket for the caller's session: opens one live stream within a minute, once. */
export async function issueStreamTicket(
  app: FastifyInstance,
  caller: { id: string; sessionId: string },
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_MS).toISOString();
  await repo.insertStreamTicket(app.db, {
    id: hashTicket(ticket),
    user_id: caller.id,
    session_id: caller.sessionId,
    expires_at: expiresAt,
    used_at: null,
  });
  await repo.deleteExpiredStreamTickets(app.db, new Date(Date.now() - 3600_000).toISOString());
  return { ticket, expiresAt };
}

/** Uses a ticket; 401 unless it is fresh, unused and its session still live. */
export async function redeemStreamTicket(
  app: FastifyInstance,
  ticket: string | undefined,
): Promise<LiveSession> {
  if (!ticket) throw new AppError('UNAUTHENTICATED', 'A stream ticket is required');
  const owner = await repo.useStreamTicketIfFresh(app.db, hashTicket(ticket));
  if (!owner) throw new AppError('UNAUTHENTICATED', 'Stream ticket is invalid, used or expired');
  const session = await findLiveSession(app.db, owner.session_id);
  if (!session || session.id !== owner.user_id)
    throw new AppError('UNAUTHENTICATED', 'Session has ended, please log in again');
  return session;
}
