import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { SitterFilters as Filters } from '../sitters-api';

type SitterFiltersProps = { value: Filters; onSearch: (filters: Filters) => void };

export function SitterFilters({ value, onSearch }: SitterFiltersProps) {
  const [draft, setDraft] = useState<Filters>(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ name: draft.name.trim(), city: draft.city.trim() });
  };
  const isFiltered = value.name !== '' || value.city !== '';
  return (
    <form onSubmit={submit} role="search" aria-label="Filter sitters">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Sitter name"
          placeholder="e.g. Maya"
          value={draft.name}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setDraft((d) => ({ ...d, name }));
          }}
          style={{ flex: '1 1 180px' }}
        />
        <TextInput
          label="City"
          placeholder="e.g. Austin"
          value={draft.city}
          onChange={(e) => {
            const city = e.currentTarget.value;
            setDraft((d) => ({ ...d, city }));
          }}
          style={{ flex: '1 1 180px' }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
          Search
        </Button>
        {isFiltered && (
          <Button
            variant="subtle"
            onClick={() => {
              setDraft({ name: '', city: '' });
              onSearch({ name: '', city: '' });
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}
