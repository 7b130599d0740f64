import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback } from 'react';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { useLoad } from '../../../lib/use-load';
import { capitalize, PetFacts, petsApi, type Pet } from '../../pets';
import type { Booking } from '../bookings-api';
import type { BookingRole } from '../lib/booking-permissions';

/** The API shows a sitter the owner's pets only once the booking is theirs (docs/decisions.md). */
const SITTER_SEES_PETS: ReadonlySet<Booking['status']> = new Set([
  'accepted',
  'in-progress',
  'completed',
]);

export function canSeeBookingPets(booking: Pick<Booking, 'status'>, role: BookingRole) {
  return role === 'owner' || (role === 'provider' && SITTER_SEES_PETS.has(booking.status));
}

const NOT_YET = 'Pet details are shown once the booking is accepted.';
const NO_LONGER = 'Pet details are not shown on a cancelled booking.';
/** The sitter may see them, but the API has none to show (the owner closed their account). */
const UNAVAILABLE = 'The pet details are no longer available.';
/** Anyone but the two parties (an admin reading a disputed booking). */
const PARTIES_ONLY = "Pet details are shown to the booking's owner and sitter only.";

function PetEntry({ pet }: { pet: Pet }) {
  const headingId = `booking-pet-${pet._id}`;
  return (
    <article aria-labelledby={headingId}>
      <Group gap="sm" wrap="nowrap">
        <ApiAvatar path={pet.image} name={pet.name} radius="md" size="lg" />
        <Title id={headingId} order={3} size="h5">
          {pet.name}
        </Title>
        <Badge variant="light">{capitalize(pet.species)}</Badge>
        {pet.removedAt && (
          <Badge variant="dot" color="gray.7">
            Removed from profile
          </Badge>
        )}
      </Group>
      <PetFacts pet={pet} />
    </article>
  );
}

/**
 * The owner's pets for the booking page, read once for the pets section and the invite picker;
 * removed pets too, so a past booking still shows the pets it was for. Nothing is read for a
 * viewer the API will not show them to.
 */
export function useBookingPets(booking: Booking | null, role: BookingRole) {
  const ownerId = booking?.user_id ?? '';
  const load = useCallback(() => petsApi.list(ownerId, { includeRemoved: true }), [ownerId]);
  const key = booking && canSeeBookingPets(booking, role) ? `${ownerId}:${booking.status}` : null;
  return useLoad(key, load, NOT_YET);
}

export type BookingPetsLoad = ReturnType<typeof useBookingPets>;

/**
 * The booking's pets with what the sitter needs (care and medical notes), for the owner and the
 * assigned sitter; anyone else, or a pet the API will not show (404/403), gets a quiet line.
 */
export function BookingPets({
  booking,
  role,
  owned: { data, error, isLoading },
}: {
  booking: Booking;
  role: BookingRole;
  /** useBookingPets' answer. */
  owned: BookingPetsLoad;
}) {
  const isShown = canSeeBookingPets(booking, role);
  const pets = (data ?? []).filter((pet) => booking.pets.includes(pet._id));
  const count = `${booking.pets.length} pet${booking.pets.length === 1 ? '' : 's'}`;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="booking-pets-title">
      <Title id="booking-pets-title" order={2} size="h4">
        Pets ({booking.pets.length})
      </Title>
      {isShown && isLoading && !data ? (
        <Text size="sm" c="dimmed" mt="xs">
          Loading {count}…
        </Text>
      ) : isShown && !error && pets.length > 0 ? (
        <Stack gap="md" mt="sm">
          {pets.map((pet) => (
            <PetEntry key={pet._id} pet={pet} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          {role === 'owner'
            ? `${count}; their details could not be shown.`
            : role === 'viewer'
              ? PARTIES_ONLY
              : booking.status === 'cancelled'
                ? NO_LONGER
                : isShown
                  ? UNAVAILABLE
                  : NOT_YET}
        </Text>
      )}
    </Paper>
  );
}
