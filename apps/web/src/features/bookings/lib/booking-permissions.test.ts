import { describe, expect, it } from 'vitest';
import { makeBooking, makeReview, OWNER_ID, SITTER_ID } from '../test/booking-factory';
import { bookingActions, nextActionChange } from './booking-permissions';

// makeBooking: 2030-05-01 09:00–11:00 UTC.
const at = (iso: string) => Date.parse(iso);
const START = at('2030-05-01T09:00:00.000Z');
const END = at('2030-05-01T11:00:00.000Z');
const DAY = 24 * 3600_000;

describe('bookingActions: Cancel by the clock, as the API allows it', () => {
  const accepted = makeBooking({ status: 'accepted' });

  it('the owner of an accepted booking until its start, not once it has begun', () => {
    expect(bookingActions(accepted, OWNER_ID, [], START - 1).canCancel).toBe(true);
    expect(bookingActions(accepted, OWNER_ID, [], START).canCancel).toBe(false);
    expect(bookingActions(accepted, OWNER_ID, [], END + DAY).canCancel).toBe(false);
  });

  it('the sitter of an accepted booking until its end, not after', () => {
    expect(bookingActions(accepted, SITTER_ID, [], START + 1).canCancel).toBe(true);
    expect(bookingActions(accepted, SITTER_ID, [], END - 1).canCancel).toBe(true);
    expect(bookingActions(accepted, SITTER_ID, [], END).canCancel).toBe(false);
  });

  it("the owner's pending request whenever (it expires at its start); never a stranger", () => {
    const pending = makeBooking({ status: 'pending' });
    expect(bookingActions(pending, OWNER_ID, [], END + DAY).canCancel).toBe(true);
    expect(bookingActions(pending, SITTER_ID, [], START - DAY).canCancel).toBe(false);
    expect(bookingActions(accepted, 'x'.repeat(24), [], START - DAY).canCancel).toBe(false);
  });

  it('names the next instant the answer changes', () => {
    expect(nextActionChange(accepted, OWNER_ID, START - DAY)).toBe(START);
    expect(nextActionChange(accepted, OWNER_ID, START)).toBe(Infinity);
    expect(nextActionChange(accepted, SITTER_ID, START)).toBe(END);
  });
});

describe('bookingActions: the review form within the blind window', () => {
  const completedOn = '2030-05-01T11:30:00.000Z';
  const completed = makeBooking({
    status: 'completed',
    timeline: [
      {
        _id: '9'.repeat(24),
        type: 'completed',
        at: completedOn,
        by: 'sitter',
        note: null,
        image: null,
      },
    ],
  });
  const closes = at(completedOn) + 14 * DAY;

  it('until 14 days after completion, once per party', () => {
    expect(bookingActions(completed, OWNER_ID, [], closes - 1).canReview).toBe(true);
    expect(bookingActions(completed, SITTER_ID, [], closes - 1).canReview).toBe(true);
    expect(bookingActions(completed, OWNER_ID, [makeReview()], closes - 1).canReview).toBe(false);
    expect(nextActionChange(completed, OWNER_ID, closes - DAY)).toBe(closes);
  });

  it('not from then on: the other side may be shown by now', () => {
    expect(bookingActions(completed, OWNER_ID, [], closes).canReview).toBe(false);
    expect(bookingActions(completed, SITTER_ID, [], closes + DAY).canReview).toBe(false);
  });
});
