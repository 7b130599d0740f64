import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { call, type Owner } from '../helpers/booking-fixtures.ts';
import { appWithAssignedBooking } from '../helpers/chat-fixtures.ts';

/*
 * Free text of only invisible characters (zero-width space and joiners, word joiner, BOM, soft
 * hyphen…) is empty, like text of only spaces: one helper in the contract (`trimmedText`) trims
 * every free-text field.
 */

let t: TestApp;
let owner: Owner;
let bookingId: string;

beforeAll(async () => {
  ({ t, owner, bookingId } = await appWithAssignedBooking());
}, 60_000);
afterAll(() => t.close());

describe('text of only invisible characters is empty', () => {
  it('a chat message of zero-width characters is refused like one of spaces', async () => {
    const blank = await call(t, 'POST', '/api/messages/', owner, { bookingId, text: '   ' });
    expect(blank.statusCode).toBe(400);
    for (const text of ['\u200b\u200b', '\u200c\u200d', '\ufeff \u2060', '\u00ad\u180e']) {
      const res = await call(t, 'POST', '/api/messages/', owner, { bookingId, text });
      expect(res.statusCode, JSON.stringify(text)).toBe(400);
      expect(res.json()).toEqual(blank.json());
    }
  });

  it('invisible characters around a text are trimmed; a joiner inside an emoji stays', async () => {
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}';
    const res = await call(t, 'POST', '/api/messages/', owner, {
      bookingId,
      text: `\u200b${family}\u200b`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.text).toBe(family);
  });

  it('a dispute reason of zero-width spaces is refused as left empty', async () => {
    const res = await call(t, 'POST', '/api/dispute/', owner, { bookingId, reason: '\u200b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'reason', message: 'reason is required' }]);
  });

  it('booking notes of zero-width spaces are stored as none', async () => {
    const res = await call(t, 'POST', `/api/booking/`, owner, {
      service: 'Dog walking',
      pets: owner.petIds,
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 90_000_000).toISOString(),
      notes: '\u200b\u200b',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.notes).toBe('');
  });

  it('blank Braille cells are empty; control characters and halves of characters are dropped', async () => {
    const blank = await call(t, 'POST', '/api/messages/', owner, { bookingId, text: '   ' });
    const braille = await call(t, 'POST', '/api/messages/', owner, {
      bookingId,
      text: '\u2800\u2800',
    });
    expect(braille.statusCode).toBe(400);
    expect(braille.json()).toEqual(blank.json());
    const res = await call(t, 'POST', '/api/messages/', owner, {
      bookingId,
      text: 'a\u0007b\u001bc\ud800d\nend',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.text).toBe('abcd\nend');
    // Read back from the database as stored: no invalid text grew past the bound.
    const thread = await call(t, 'GET', `/api/messages/thread?bookingId=${bookingId}`, owner);
    expect(JSON.stringify(thread.json())).toContain('"abcd\\nend"');
    const halves = await call(t, 'POST', '/api/messages/', owner, {
      bookingId,
      text: '\udc00'.repeat(2000),
    });
    expect(halves.statusCode).toBe(400);
  });
});
