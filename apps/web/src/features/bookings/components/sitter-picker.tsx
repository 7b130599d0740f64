import { Alert, MultiSelect, Skeleton } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { normalizeService, serviceUnit } from '../../../config/service-labels';
import { getErrorMessage } from '../../../lib/api-error';
import { formatCents } from '../../../lib/money';
import { useLoad } from '../../../lib/use-load';
import { sittersApi, type SitterCard } from '../../sitters';

export const MAX_INVITES = 5;
const FETCH_NEARBY_FAILED = 'Failed to fetch nearby users.';

type SitterPickerProps = {
  service: string;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

/** Up to five sitters from GET /api/user/nearby who offer the chosen service. */
export function SitterPicker({ service, value, onChange, error }: SitterPickerProps) {
  const load = useCallback(async (): Promise<SitterCard[]> => {
    try {
      return (await sittersApi.nearby({ limit: 50 })).nearbyUsers;
    } catch (err) {
      throw new Error(getErrorMessage(err, FETCH_NEARBY_FAILED));
    }
  }, []);
  const nearby = useLoad('nearby', load, FETCH_NEARBY_FAILED);

  const options = useMemo(
    () =>
      (nearby.data ?? [])
        .filter(
          (s) =>
            !service ||
            s.service_rates[service] !== undefined ||
            s.suggested_rates?.[normalizeService(service)] !== undefined,
        )
        .map((s) => {
          const own = s.service_rates[service];
          const rate = own ?? s.suggested_rates?.[normalizeService(service)];
          const price =
            rate !== undefined
              ? ` · ${formatCents(rate, s.currency)}/${serviceUnit(service)}${own === undefined ? ' suggested' : ''}`
              : '';
          return {
            value: s._id,
            label: `${s.firstName} ${s.lastName}${s.city ? ` (${s.city})` : ''}${price}`,
          };
        }),
    [nearby.data, service],
  );

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
      description={`Choose up to ${MAX_INVITES} sitters who offer ${service || 'this service'}. The first to accept gets the booking.`}
      placeholder={options.length ? 'Pick sitters' : 'No sitters offer this service nearby'}
      data={options}
      value={value.filter((id) => options.some((o) => o.value === id))}
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
