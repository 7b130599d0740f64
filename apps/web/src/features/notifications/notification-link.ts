import { paths, toPath } from '../../config/paths';
import type { AppNotification } from './notifications-api';

type Linkable = Pick<AppNotification, 'type'> & { data?: Record<string, unknown> };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

/**
 * The screen a notification is about, from what the API puts in its `data` (the `notifyUser`
 * calls of apps/api): a message opens its booking's chat (the sender's thread when the API names
 * it: an owner's open booking has one per sitter), a dispute its page, a KYC decision or
 * message the KYC screen (for an admin, a member's message their review), credits the dashboard that shows the balance, a subscription the
 * settings that manage it, a booking, request or review its booking, the welcome the profile it
 * asks to complete, a contact-form message the admins' inbox (/admin/messages; only an admin
 * may open it). Null: nothing to open (an account change).
 */
export function notificationLink(n: Linkable, { isAdmin = false } = {}): string | null {
  const data = n.data ?? {};
  const bookingId = text(data.bookingId);
  const disputeId = text(data.disputeId);
  if (n.type === 'message') return chatLink(bookingId, text(data.withUserId));
  if (disputeId) return toPath(isAdmin ? paths.adminDispute : paths.dispute, { disputeId });
  // A member's KYC note reaches admins: it opens that member's review.
  const kycMember = text(data.userId);
  if (n.type === 'kyc-message' && isAdmin && kycMember)
    return toPath(paths.kycUser, { userId: kycMember });
  if (n.type === 'kyc' || n.type === 'kyc-message') return paths.kyc;
  if (n.type === 'credits') return paths.userDashboard;
  if (n.type === 'contact-message') return isAdmin ? paths.adminMessages : null;
  if (n.type === 'subscription') return paths.settings;
  // "Welcome to Pawsy! Complete your profile…"
  if (n.type === 'welcome') return paths.profile;
  // The booking a sitter asked about went elsewhere or ended: no longer theirs to open, their
  // requests are (where it shows as closed).
  if (n.type === 'booking-withdrawn') return paths.requestPage;
  if (bookingId) return toPath(paths.bookingDetails, { id: bookingId });
  // A weekly series without a visit named: the bookings list shows its requests and series.
  if (text(data.seriesId)) return paths.bookings;
  return null;
}

/** /chat-room opens a booking's thread, or with `with` its thread with that party. */
function chatLink(bookingId: string | null, withUserId: string | null): string {
  if (!bookingId) return paths.chatRoom;
  const query = new URLSearchParams({
    booking: bookingId,
    ...(withUserId && { with: withUserId }),
  });
  return `${paths.chatRoom}?${query.toString()}`;
}
