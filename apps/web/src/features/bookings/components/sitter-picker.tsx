import { Alert, MultiSelect, Skeleton } from '@mantine/core';
import { takesSpecies } from '@pawsy/contract';
import { useCallback, useEffect, useMemo } from 'react';
import { normalizeService, serviceUnit, serviceWord } from '../../../config/service-labels';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { useLoad } from '../../../lib/use-load';
import { sittersApi, type SitterCard } from '../../sitters';

export const MAX_INVITES = 5;
const NONE: readonly string[] = [];
const FETCH_NEARBY_FAILED = 'Failed to fetch nearby users.';

type SitterPickerProps = {
  service: string;
  /** The species of the pets chosen for the booking (useOwnerPets' chosenSpecies). */
  species: readonly string[];
  /** Sitters not to offer (already asked). */
  exclude?: readonly string[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

/** Whether a sitter takes every one of these species (the API's rule for an invitation). */
export const takesPets = (prefs: readonly string[], species: readonly string[]) =>
  species.every((kind) => takesSpecies(prefs, kind));

/** Up to five sitters from GET /api/user/nearby who offer the chosen service and take the pets. */
export function SitterPicker({
  service,
  species,
  exclude = NONE,
  value,
  onChange,
  error,
}: SitterPickerProps) {
  const load = useCallback(async (): Promise<SitterCard[]> => {
    try {
      return (await sittersApi.nearby({ limit: 50 })).nearbyUsers;
    } catch (err) {
      throw new Error(getErrorMessage(err, FETCH_NEARBY_FAILED));
    }
  }, []);
  const nearby = useLoad('nearby', load, FETCH_NEARBY_FAILED);
  const options = useMemo(() => {
    // A stored booking names its service by value ("dog-walking"), the form by what was chosen.
    const key = normalizeService(service);
    return (nearby.data ?? [])
      .map((s) => {
        const own = s.service_rates[service] ?? s.service_rates[key];
        return { s, own, rate: own ?? s.suggested_rates?.[key] };
      })
      .filter(({ rate }) => !service || rate !== undefined)
      .filter(({ s }) => takesPets(s.pet_prefrences, species) && !exclude.includes(s._id))
      .map(({ s, own, rate }) => {
        const price =
          rate !== undefined
            ? ` · ${formatCents(rate, s.currency)}/${serviceUnit(service)}${own === undefined ? ' suggested' : ''}`
            : '';
        return {
          value: s._id,
          label: `${s.firstName} ${s.lastName}${s.city ? ` (${s.city})` : ''}${price}`,
        };
      });
  }, [nearby.data, service, species, exclude]);
  // A sitter chosen before a pet they do not take was ticked is not invited.
  const shown = useMemo(
    () => value.filter((id) => options.some((o) => o.value === id)),
    [value, options],
  );
  const isReady = nearby.data !== null;
  useEffect(() => {
    if (isReady && shown.length !== value.length) onChange(shown);
  }, [isReady, shown, value.length, onChange]);

  if (nearby.isLoading && !nearby.data)
    return <Skeleton height={60} aria-label="Loading sitters" />;
  if (nearby.error)
    return (
      <Alert color="red" role="alert">
        {nearby.error}
      </Alert>
    );
  return (
    <MultiSelect
      label="Sitters to invite"
      description={`Choose up to ${MAX_INVITES} sitters who offer ${service ? serviceWord(service) : 'this service'} and take your pets. The first to accept gets the booking.`}
      placeholder={options.length ? 'Pick sitters' : 'No sitters offer this service nearby'}
      data={options}
      value={shown}
      onChange={onChange}
      maxValues={MAX_INVITES}
      searchable
      clearable
      required
      error={error}
      nothingFoundMessage="No sitter by that name"
    />
  );
}
