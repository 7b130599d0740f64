import { describe, expect, it } from 'vitest';
import { bookingStatuses } from '@pawsy/contract';
import {
  actorFor,
  checkCancelTime,
  checkCheckIn,
  checkTransition,
  eventTypeFor,
  type BookingActor,
  type BookingStatus,
} from './booking-state.ts';
import { checkDates, countUnits, quotePrice, refundOnCancel } from './pricing.ts';

const actors: BookingActor[] = ['owner', 'assigned-provider', 'admin', 'stranger'];

/** The whole legal table; every other (from, to, actor) must be refused. */
const legal = new Set([
  'owner:pending->cancelled',
  'owner:accepted->cancelled',
  'assigned-provider:accepted->in-progress',
  'assigned-provider:in-progress->completed',
  'assigned-provider:pending->cancelled',
  'assigned-provider:accepted->cancelled',
]);

describe('booking state machine', () => {
  for (const actor of actors) {
    for (const from of bookingStatuses) {
      for (const to of bookingStatuses) {
        const key = `${actor}:${from}->${to}`;
        const expected = legal.has(key);
        it(`${key} is ${expected ? 'legal' : 'illegal'}`, () => {
          const result = checkTransition(from as BookingStatus, to as BookingStatus, actor);
          expect(result.ok).toBe(expected);
          if (!result.ok) expect(result.reason.length).toBeGreaterThan(5);
        });
      }
    }
  }

  it('gives a useful reason for common mistakes', () => {
    const r1 = checkTransition('pending', 'in-progress', 'assigned-provider');
    expect(!r1.ok && r1.reason).toMatch(/accepted booking/);
    const r2 = checkTransition('in-progress', 'cancelled', 'owner');
    expect(!r2.ok && r2.reason).toMatch(/before it starts/);
    const r3 = checkTransition('accepted', 'in-progress', 'owner');
    expect(!r3.ok && r3.reason).toMatch(/assigned sitter/);
    expect(!r3.ok && r3.forbidden).toBe(true);
    expect(!r1.ok && r1.forbidden).toBe(false);
    expect(!r2.ok && r2.forbidden).toBe(false);
    const r4 = checkTransition('completed', 'cancelled', 'owner');
    expect(!r4.ok && r4.reason).toMatch(/cannot change/);
    const r5 = checkTransition('pending', 'accepted', 'owner');
    expect(!r5.ok && r5.reason).toMatch(/request/);
  });

  it('allows check-ins only by the assigned sitter during the stay', () => {
    for (const actor of actors) {
      for (const status of bookingStatuses) {
        const ok = actor === 'assigned-provider' && status === 'in-progress';
        expect(checkCheckIn(status as BookingStatus, actor).ok, `${actor} ${status}`).toBe(ok);
      }
    }
  });

  it('names the actor relative to the booking', () => {
    const booking = { owner_id: 'o', provider_id: 'p' };
    expect(actorFor(booking, { id: 'o', userType: 'user' })).toBe('owner');
    expect(actorFor(booking, { id: 'p', userType: 'provider' })).toBe('assigned-provider');
    expect(actorFor(booking, { id: 'x', userType: 'provider' })).toBe('stranger');
    expect(actorFor(booking, { id: 'a', userType: 'admin' })).toBe('admin');
    expect(actorFor({ owner_id: 'o', provider_id: null }, { id: 'p', userType: 'provider' })).toBe(
      'stranger',
    );
  });

  it('lets the owner cancel an accepted booking until its start, its sitter until its end', () => {
    const booking = {
      status: 'accepted' as const,
      start_at: '2030-05-03T09:00:00.000Z',
      end_at: '2030-05-03T10:00:00.000Z',
    };
    const at = (iso: string) => new Date(iso);
    const before = at('2030-05-03T08:59:59.999Z');
    const during = at('2030-05-03T09:00:00.000Z');
    const after = at('2030-05-03T10:00:00.000Z');
    expect(checkCancelTime(booking, 'owner', before).ok).toBe(true);
    const owner = checkCancelTime(booking, 'owner', during);
    expect(!owner.ok && owner.reason).toMatch(/has begun.*ask them to cancel it.*open a dispute/);
    expect(!owner.ok && owner.forbidden).toBe(false);
    expect(checkCancelTime(booking, 'assigned-provider', during).ok).toBe(true);
    const sitter = checkCancelTime(booking, 'assigned-provider', after);
    expect(!sitter.ok && sitter.reason).toBe(
      'This booking ended at 2030-05-03T10:00:00.000Z: it can no longer be cancelled',
    );
    // A pending request is withdrawn whenever (it expires at its start).
    expect(checkCancelTime({ ...booking, status: 'pending' }, 'owner', after).ok).toBe(true);
  });

  it('records started for in-progress', () => {
    expect(eventTypeFor('in-progress')).toBe('started');
    expect(eventTypeFor('completed')).toBe('completed');
  });
});

describe('pricing', () => {
  const start = new Date('2030-01-01T10:00:00Z');
  const at = (h: number) => new Date(start.getTime() + h * 3600_000);

  it('charges overnight services per started night', () => {
    expect(countUnits('Boarding', start, at(24), 'UTC')).toBe(1);
    expect(countUnits('Boarding', start, at(25), 'UTC')).toBe(2);
    expect(countUnits('Pet sitting', start, at(72), 'UTC')).toBe(3);
    expect(countUnits('Boarding', start, at(1), 'UTC')).toBe(1);
  });

  it('counts nights on the wall clock of the zone, so a daylight-saving change adds or removes none', () => {
    const chicago = 'America/Chicago';
    // Sat 18:00 → Sun 18:00 local across the autumn change (25 h) and the spring change (23 h).
    const autumn = [new Date('2027-11-06T23:00:00Z'), new Date('2027-11-08T00:00:00Z')] as const;
    const spring = [new Date('2027-03-14T00:00:00Z'), new Date('2027-03-14T23:00:00Z')] as const;
    expect(countUnits('Boarding', ...autumn, chicago)).toBe(1);
    expect(countUnits('Boarding', ...spring, chicago)).toBe(1);
    // The same instants for a sitter on UTC are 25 h and 23 h: 2 nights and 1.
    expect(countUnits('Boarding', ...autumn, 'UTC')).toBe(2);
    // Hours stay elapsed time: the sitter works 25 real hours.
    expect(countUnits('Dog walking', ...autumn, chicago)).toBe(25);
  });

  it('charges other services per started hour', () => {
    expect(countUnits('Dog walking', start, at(0.5), 'UTC')).toBe(1);
    expect(countUnits('Dog walking', start, at(1.01), 'UTC')).toBe(2);
    expect(quotePrice('Grooming', start, at(3), 2500, 'EUR', 'UTC')).toEqual({
      units: 3,
      unitLabel: 'hour',
      rateCents: 2500,
      amountCents: 7500,
      currency: 'EUR',
    });
  });

  it('checks dates', () => {
    const now = new Date('2029-12-31T00:00:00Z');
    expect(checkDates(start, at(2), now)).toBeNull();
    expect(checkDates(start, start, now)).toEqual({
      field: 'endDate',
      message: 'endDate must be after startDate',
    });
    // Too long names the end, which went too far.
    expect(checkDates(start, at(24 * 61), now)).toEqual({
      field: 'endDate',
      message: 'A booking can last at most 60 days',
    });
    expect(checkDates(start, at(2), new Date('2030-02-01T00:00:00Z'))).toEqual({
      field: 'startDate',
      message: 'startDate must be in the future',
    });
    expect(checkDates(new Date('nope'), at(2), now)).toEqual({
      field: 'startDate',
      message: 'Invalid dates',
    });
  });

  it('refunds in full an owner who withdraws a request no sitter accepted, whenever', () => {
    const startAt = new Date('2030-01-10T00:00:00Z');
    const late = new Date(startAt.getTime() - 3600_000);
    const owner = { creditsApplied: 1001, startAt, now: late, cancelledBy: 'owner' as const };
    expect(refundOnCancel({ ...owner, accepted: false })).toBe(1001);
    expect(refundOnCancel({ ...owner, accepted: true })).toBe(500);
  });

  it('refunds per the cancellation policy', () => {
    const startAt = new Date('2030-01-10T00:00:00Z');
    const early = new Date(startAt.getTime() - 48 * 3600_000);
    const late = new Date(startAt.getTime() - 47 * 3600_000);
    expect(
      refundOnCancel({
        creditsApplied: 1001,
        startAt,
        now: early,
        cancelledBy: 'owner',
        accepted: true,
      }),
    ).toBe(1001);
    expect(
      refundOnCancel({
        creditsApplied: 1001,
        startAt,
        now: late,
        cancelledBy: 'owner',
        accepted: true,
      }),
    ).toBe(500);
    expect(
      refundOnCancel({
        creditsApplied: 1001,
        startAt,
        now: late,
        cancelledBy: 'provider',
        accepted: true,
      }),
    ).toBe(1001);
    expect(
      refundOnCancel({
        creditsApplied: 0,
        startAt,
        now: late,
        cancelledBy: 'owner',
        accepted: true,
      }),
    ).toBe(0);
  });
});
