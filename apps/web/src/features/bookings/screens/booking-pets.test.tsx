import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePet } from '../../../test/fixtures';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Pet } from '../../pets';
import type { Booking } from '../bookings-api';
import { BOOKING_ID, makeBooking, makeContact, OWNER_ID, SITTER_ID } from '../test/booking-factory';

const PET_ID = 'e'.repeat(24);
const pet = makePet({
  _id: PET_ID,
  userId: OWNER_ID,
  name: 'Biscuit',
  breed: 'Beagle',
  age: 3,
  weight: 12,
  care_notes: 'Loves the park',
  medical_notes: 'Allergic to chicken',
});

const PETS_URL = `/api/pets/user/${OWNER_ID}?include=removed`;

function open(
  as: 'owner' | 'sitter' | 'admin',
  booking: Booking,
  petsReply: { status: number; pets?: Pet[] } = { status: 200 },
) {
  storeSession(
    as === 'owner'
      ? { id: OWNER_ID, userType: 'user' }
      : as === 'admin'
        ? { id: 'f'.repeat(24), userType: 'admin' }
        : { id: SITTER_ID, userType: 'provider' },
  );
  const calls = mockFetch((call) => {
    if (call.url === `/api/booking/${BOOKING_ID}`)
      return { status: 200, body: { booking, reviews: [] } };
    if (call.url === `/api/booking/${BOOKING_ID}/contact`)
      return { status: 200, body: { success: true, data: makeContact() } };
    if (call.url === PETS_URL) {
      const result = petsReply.pets ?? [pet, makePet({ name: 'Other' })];
      return petsReply.status === 200
        ? { status: 200, body: { success: true, result } }
        : { status: petsReply.status, body: { message: 'User not found' } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  renderApp(`/booking-details/${BOOKING_ID}`);
  return calls;
}

const section = () => screen.findByRole('region', { name: /^Pets/ });

describe('booking details: the pets being cared for', () => {
  it.each(['accepted', 'in-progress', 'completed'] as const)(
    'the sitter of a %s booking sees each pet with its care and medical notes',
    async (status) => {
      open('sitter', makeBooking({ status }));
      const pets = await section();
      const biscuit = await within(pets).findByRole('article', { name: 'Biscuit' });
      expect(biscuit).toHaveTextContent('Dog');
      expect(biscuit).toHaveTextContent('Beagle');
      expect(biscuit).toHaveTextContent('3 yr');
      expect(biscuit).toHaveTextContent('12 kg');
      expect(biscuit).toHaveTextContent('Loves the park');
      expect(biscuit).toHaveTextContent('Allergic to chicken');
      // Only the booking's pets, not every pet of the owner.
      expect(within(pets).queryByText('Other')).not.toBeInTheDocument();
    },
  );

  it('the owner sees the pets of their booking', async () => {
    open('owner', makeBooking({ status: 'pending' }));
    expect(await within(await section()).findByRole('article', { name: 'Biscuit' })).toBeVisible();
  });

  it('a sitter who only applied is not sent for the pets and is told when they show', async () => {
    const calls = open('sitter', makeBooking({ status: 'pending' }));
    expect(await section()).toHaveTextContent(
      'Pet details are shown once the booking is accepted.',
    );
    expect(calls.some((c) => c.url.startsWith('/api/pets/'))).toBe(false);
  });

  it("the sitter of a cancelled booking is told its pets are no longer shown, not 'once accepted'", async () => {
    const calls = open('sitter', makeBooking({ status: 'cancelled' }));
    expect(await section()).toHaveTextContent('Pet details are not shown on a cancelled booking.');
    expect(calls.some((c) => c.url.startsWith('/api/pets/'))).toBe(false);
  });

  it("an admin reading a completed booking is told who sees its pets, not 'once accepted'", async () => {
    const calls = open('admin', makeBooking({ status: 'completed' }));
    expect(await section()).toHaveTextContent(
      "Pet details are shown to the booking's owner and sitter only.",
    );
    expect(calls.some((c) => c.url.startsWith('/api/pets/'))).toBe(false);
  });

  it("a pet list the API refuses (the owner closed their account) is a quiet line, not 'once accepted'", async () => {
    open('sitter', makeBooking({ status: 'completed' }), { status: 404 });
    const pets = await section();
    expect(await within(pets).findByText('The pet details are no longer available.')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a past booking still shows a pet removed from the profile, with a badge', async () => {
    const removed = { ...pet, removedAt: '2026-12-01T10:00:00.000Z' };
    const live = makePet({ _id: 'f'.repeat(24), userId: OWNER_ID, name: 'Pepper' });
    const calls = open('owner', makeBooking({ status: 'completed', pets: [PET_ID, live._id] }), {
      status: 200,
      pets: [removed, live],
    });
    const pets = await section();
    const biscuit = await within(pets).findByRole('article', { name: 'Biscuit' });
    expect(within(biscuit).getByText('Removed from profile')).toBeVisible();
    const pepper = within(pets).getByRole('article', { name: 'Pepper' });
    expect(within(pepper).queryByText('Removed from profile')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === PETS_URL)).toBe(true);
  });
});
