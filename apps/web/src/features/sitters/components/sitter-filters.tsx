import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '../../../components/ui/date-inputs';
import { NEARBY_CITY_MAX, NEARBY_NAME_MAX, PET_SPECIES, searchRangeIssue } from '@pawsy/contract';
import { IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { SERVICE_OPTIONS } from '../../../config/services';
import { hasFilters } from '../hooks/use-sitter-filters';
import type { SitterFilters as Filters } from '../sitters-api';

type SitterFiltersProps = {
  value: Filters;
  onChange: (change: Partial<Filters>) => void;
  onClear: () => void;
};

type Range = [string | null, string | null];

const PET_OPTIONS = PET_SPECIES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

/** The API's own rule for a search range (both dates, at most MAX_SEARCH_DAYS). */
function rangeError(startDate: string, endDate: string): string | null {
  const issue = searchRangeIssue(startDate, endDate);
  return issue?.path === 'endDate' ? issue.message : null;
}

/**
 * Name and city apply on "Search"; service, dates and pet type as soon as they are chosen (a
 * range once both ends are picked), together with the name and city typed so far, so choosing
 * one never wipes what was typed. Text drafts follow the URL when it changes elsewhere.
 */
export function SitterFilters({ value, onChange, onClear }: SitterFiltersProps) {
  const [shown, setShown] = useState(value);
  const [text, setText] = useState({ name: value.name, city: value.city });
  const [range, setRange] = useState<Range>([value.startDate || null, value.endDate || null]);
  const [dateError, setDateError] = useState<string | null>(null);
  if (shown !== value) {
    setShown(value);
    setText({ name: value.name, city: value.city });
    setRange([value.startDate || null, value.endDate || null]);
    setDateError(null);
  }

  const typed = () => ({ name: text.name.trim(), city: text.city.trim() });
  const choose = (change: Partial<Filters>) => onChange({ ...typed(), ...change });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(typed());
  };

  const pickRange = ([start, end]: Range) => {
    setRange([start, end]);
    setDateError(null);
    if (!start && !end) return choose({ startDate: '', endDate: '' });
    if (!start || !end) return undefined;
    const error = rangeError(start, end);
    if (error) return setDateError(error);
    return choose({ startDate: start, endDate: end });
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Filter sitters">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Sitter name"
            placeholder="e.g. Maya"
            maxLength={NEARBY_NAME_MAX}
            value={text.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setText((t) => ({ ...t, name }));
            }}
            style={{ flex: '1 1 180px' }}
          />
          <TextInput
            label="City"
            placeholder="e.g. Austin"
            maxLength={NEARBY_CITY_MAX}
            value={text.city}
            onChange={(e) => {
              const city = e.currentTarget.value;
              setText((t) => ({ ...t, city }));
            }}
            style={{ flex: '1 1 180px' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden="true" />}>
            Search
          </Button>
        </Group>
        <Group align="flex-start" gap="sm">
          <Select
            label="Service"
            placeholder="Any service"
            data={SERVICE_OPTIONS}
            value={value.service || null}
            onChange={(service) => choose({ service: service ?? '' })}
            clearable
            style={{ flex: '1 1 180px' }}
          />
          <DatePickerInput
            type="range"
            label="Dates"
            placeholder="Any dates"
            // Mantine greys this placeholder (real text here) below AA contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dark-4)' } }}
            value={range}
            onChange={pickRange}
            minDate={dayjs().format('YYYY-MM-DD')}
            allowSingleDateInRange
            valueFormat="ddd D MMM YYYY"
            ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear dates' }}
            error={dateError}
            style={{ flex: '2 1 260px' }}
          />
          <Select
            label="Pet type"
            placeholder="Any pet"
            data={PET_OPTIONS}
            value={value.petType || null}
            onChange={(petType) => choose({ petType: petType ?? '' })}
            clearable
            style={{ flex: '1 1 160px' }}
          />
        </Group>
        {hasFilters(value) && (
          <Button variant="subtle" onClick={onClear} w="fit-content">
            Clear filters
          </Button>
        )}
      </Stack>
    </form>
  );
}
