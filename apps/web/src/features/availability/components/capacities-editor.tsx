import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import { MAX_CAPACITY, serviceLabel } from '@pawsy/contract';

type CapacitiesEditorProps = {
  /** The overnight services the sitter lists (catalogue values). */
  services: string[];
  value: Record<string, number | ''>;
  onChange: (capacities: Record<string, number | ''>) => void;
};

/** How many boarding or sitting bookings the sitter takes at once, per overnight service. */
export function CapacitiesEditor({ services, value, onChange }: CapacitiesEditorProps) {
  if (services.length === 0) {
    return (
      <Text size="sm" c="dark.4">
        You list no overnight services (boarding, pet sitting, house sitting). Add one under
        Services and preferences to set how many you take at once.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {services.map((service) => (
        <NumberInput
          key={service}
          label={`${serviceLabel(service)}: bookings at once`}
          description="1 unless you set more"
          min={1}
          max={MAX_CAPACITY}
          allowDecimal={false}
          allowNegative={false}
          value={value[service] ?? 1}
          onChange={(next) =>
            onChange({ ...value, [service]: typeof next === 'number' ? next : '' })
          }
        />
      ))}
    </SimpleGrid>
  );
}
