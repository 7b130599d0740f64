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

type Draft = { latitude: string | number; longitude: string | number; source: Coordinates | null };
const draftOf = (value: Coordinates | null): Draft => ({
  latitude: value?.latitude ?? '',
  longitude: value?.longitude ?? '',
  source: value,
});

const isSamePlace = (a: Coordinates | null, b: Coordinates | null) =>
  a?.latitude === b?.latitude && a?.longitude === b?.longitude;

/**
 * What a coordinate box holds, as a number in range, or null. NumberInput hands over a string
 * while the text is not its own canonical number ("30.2650", "30."), so strings count too.
 */
function coordinateOf(raw: string | number, limit: number): number | null {
  if (typeof raw === 'string' && raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Where the person is, for "sitters near me": the browser's geolocation or a click on a map. */
export function LocationField({ value, onChange }: LocationFieldProps) {
  const [isLocating, setLocating] = useState(false);
  const [isMapOpen, setMapOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The two boxes as typed: a location is set only once both hold a coordinate, and the text
  // (trailing zeros included) stays as typed while it is the value shown.
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  if (!isSamePlace(draft.source, value)) setDraft(draftOf(value));

  const type = (field: 'latitude' | 'longitude', raw: string | number) => {
    const next = { ...draft, [field]: raw };
    const latitude = coordinateOf(next.latitude, 90);
    const longitude = coordinateOf(next.longitude, 180);
    if (latitude === null || longitude === null) {
      setDraft(next);
      return;
    }
    const coordinates = { latitude, longitude };
    setDraft({ ...next, source: coordinates });
    onChange(coordinates);
  };

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
            value={draft.latitude}
            onChange={(v) => type('latitude', v)}
          />
          <NumberInput
            label="Longitude"
            min={-180}
            max={180}
            decimalScale={6}
            value={draft.longitude}
            onChange={(v) => type('longitude', v)}
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
