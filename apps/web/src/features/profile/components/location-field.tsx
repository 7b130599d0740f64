import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconCurrentLocation, IconMap } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { Coordinates } from '../profile-form';

// Leaflet (and its CSS) arrives only when someone opens the map.
const LocationMap = lazy(() => import('./location-map'));

type LocationFieldProps = {
  value: Coordinates | null;
  onChange: (coordinates: Coordinates) => void;
};

const round = (n: number) => Number(n.toFixed(6));

/** Where the person is, for "sitters near me": the browser's geolocation or a click on a map. */
export function LocationField({ value, onChange }: LocationFieldProps) {
  const [isLocating, setLocating] = useState(false);
  const [isMapOpen, setMapOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setError('This browser cannot share its location. Pick it on the map instead.');
      return;
    }
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onChange({
          latitude: round(position.coords.latitude),
          longitude: round(position.coords.longitude),
        });
      },
      () => {
        setLocating(false);
        setError('Your location could not be read. Allow location access or pick it on the map.');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite">
        {value
          ? `Location set: ${value.latitude.toFixed(4)}, ${value.longitude.toFixed(4)}`
          : 'No location set yet. Sitters are then listed by rating instead of distance.'}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconCurrentLocation size={16} aria-hidden="true" />}
          onClick={locate}
          loading={isLocating}
        >
          Use my location
        </Button>
        <Button
          variant="default"
          leftSection={<IconMap size={16} aria-hidden="true" />}
          onClick={() => setMapOpen((open) => !open)}
          aria-expanded={isMapOpen}
        >
          {isMapOpen ? 'Hide map' : 'Pick on a map'}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {isMapOpen && (
        <Group grow align="flex-start">
          <NumberInput
            label="Latitude"
            min={-90}
            max={90}
            decimalScale={6}
            value={value?.latitude ?? ''}
            onChange={(v) =>
              typeof v === 'number' && onChange({ latitude: v, longitude: value?.longitude ?? 0 })
            }
          />
          <NumberInput
            label="Longitude"
            min={-180}
            max={180}
            decimalScale={6}
            value={value?.longitude ?? ''}
            onChange={(v) =>
              typeof v === 'number' && onChange({ latitude: value?.latitude ?? 0, longitude: v })
            }
          />
        </Group>
      )}
      {isMapOpen && (
        <Suspense fallback={<Skeleton h={320} radius="md" aria-label="Loading the map" />}>
          <LocationMap value={value} onPick={onChange} />
        </Suspense>
      )}
    </Stack>
  );
}
