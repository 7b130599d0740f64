import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { call, closeApp, ownerAndSitter, postBooking } from '../helpers/booking-fixtures.ts';
import { readMails } from '../helpers/mail.ts';

/**
 * "Email me about bookings, messages and account updates" (the profile's switch): a request, a
 * decision, a booking's start, end or cancellation and a chat message reach the other party by
 * mail too, unless they switched it off; chat mails once until the recipient has looked.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeApp(t));

const subjects = (email: string) => readMails(t.dataDir, email).map((m) => m.subject);

describe('notice mails', () => {
  it('mails a direct request to the sitter and the answer to the owner, linking the booking', async () => {
    const { owner, sitter } = await ownerAndSitter(t.app);
    const booking = await postBooking(t, owner, { provider_id: sitter.id, creditsToApply: 0 });
    // The card part is paid in the sandbox; the sitter hears of it once the payment is settled.
    const request = await vi.waitFor(() => {
      const found = readMails(t.dataDir, sitter.email).find(
        (m) => m.subject === 'New booking request',
      );
      if (!found) throw new Error('no request mail yet');
      return found;
    });
    expect(request?.text).toContain(`/booking-details/${booking._id}`);
    expect(request?.text).toMatch(/asked you for dog walking/);

    const accepted = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, sitter, {
      providerId: sitter.id,
      decision: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(subjects(owner.email)).toContain('Booking accepted');

    const cancelled = await call(t, 'PUT', `/api/booking/accept/${booking._id}`, owner, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(subjects(sitter.email)).toContain('A booking was cancelled');
  });

  it('sends nothing by mail to someone who switched mail off; the notification stays', async () => {
    const { owner, sitter } = await ownerAndSitter(t.app, { email_notification: 0 });
    const booking = await postBooking(t, owner, { provider_id: sitter.id });
    await vi.waitFor(async () => {
      const res = await call(t, 'GET', '/api/notifications/all', sitter);
      const notes: Array<{ data: { bookingId?: string } }> = res.json().allNotifications;
      expect(notes.map((n) => n.data.bookingId)).toContain(booking._id);
    });
    expect(subjects(sitter.email)).toEqual([]);
  });

  it('mails the first unread chat message only, and again once the recipient has read', async () => {
    const { owner, sitter } = await ownerAndSitter(t.app);
    const booking = await postBooking(t, owner, { provider_id: sitter.id });
    const send = async (text: string) => {
      const res = await call(t, 'POST', '/api/messages/', owner, { bookingId: booking._id, text });
      expect(res.statusCode, res.body).toBe(201);
    };
    const chatMails = () =>
      readMails(t.dataDir, sitter.email).filter((m) => m.subject.startsWith('New message from'));

    await send('Hello there');
    await send('Are you free on Friday?');
    expect(chatMails()).toHaveLength(1);
    expect(chatMails()[0]?.text).toContain(`/chat-room?booking=${booking._id}`);
    expect(chatMails()[0]?.text).toContain('Hello there');

    const read = await call(t, 'POST', '/api/notifications/mark-all-read', sitter, {});
    expect(read.statusCode, read.body).toBe(200);
    await send('One more thing');
    expect(chatMails()).toHaveLength(2);
  });
});
