import { Chip, Group, NumberInput, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '../../../components/ui/date-inputs';
import dayjs from 'dayjs';
import { MAX_SERIES_OCCURRENCES, MAX_SERIES_WEEKS } from '@pawsy/contract';
import { DURATIONS, lastAllowedDate, WEEKDAYS, type SeriesPattern } from '../lib/series-form-model';

type SeriesFieldsProps = {
  value: SeriesPattern;
  onChange: <K extends keyof SeriesPattern>(key: K, value: SeriesPattern[K]) => void;
  errors: Record<string, string>;
};

const pickerShared = {
  valueFormat: 'ddd D MMM YYYY',
  ariaLabels: { nextMonth: 'Next month', previousMonth: 'Previous month' },
  popoverProps: { withinPortal: true },
} as const;

/** Weekdays, time, duration, first day and the end (a date or a number of visits). */
export function SeriesFields({ value, onChange, errors }: SeriesFieldsProps) {
  const today = dayjs().format('YYYY-MM-DD');
  const maxEnd = lastAllowedDate(value.startDate) ?? undefined;
  return (
    <Stack gap="md">
      <Stack gap={6} role="group" aria-labelledby="series-weekdays-label">
        <Text id="series-weekdays-label" size="sm" fw={500}>
          Weekdays
        </Text>
        <Chip.Group
          multiple
          value={value.weekdays.map(String)}
          onChange={(days) => onChange('weekdays', days.map(Number))}
        >
          <Group gap="xs">
            {WEEKDAYS.map((day) => (
              <Chip key={day.value} value={String(day.value)} aria-label={day.long} size="sm">
                {day.short}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {errors.weekdays && (
          <Text size="xs" c="red.8" role="alert">
            {errors.weekdays}
          </Text>
        )}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TimeInput
          label="Start time"
          description="In the sitter's time zone"
          value={value.time}
          onChange={(e) => onChange('time', e.currentTarget.value)}
          error={errors.time}
          required
        />
        <Select
          label="Duration"
          data={DURATIONS}
          value={String(value.durationMinutes)}
          onChange={(v) => onChange('durationMinutes', Number(v ?? 60))}
          error={errors.durationMinutes}
          allowDeselect={false}
          required
        />
      </SimpleGrid>
      <DatePickerInput
        {...pickerShared}
        label="First day"
        value={value.startDate}
        onChange={(v) => onChange('startDate', v)}
        minDate={today}
        error={errors.startDate}
        required
      />
      <Radio.Group
        label="Ends"
        description={`A series spans at most ${MAX_SERIES_WEEKS} weeks.`}
        value={value.endMode}
        onChange={(mode) => onChange('endMode', mode as SeriesPattern['endMode'])}
      >
        <Group gap="md" mt="xs">
          <Radio value="date" label="On a date" />
          <Radio value="count" label="After a number of visits" />
        </Group>
      </Radio.Group>
      {value.endMode === 'date' ? (
        <DatePickerInput
          {...pickerShared}
          label="Last day"
          value={value.endDate}
          onChange={(v) => onChange('endDate', v)}
          minDate={value.startDate ?? today}
          maxDate={maxEnd}
          error={errors.endDate}
          required
        />
      ) : (
        <NumberInput
          label="Number of visits"
          value={value.count}
          onChange={(v) => onChange('count', v === '' ? '' : Number(v))}
          min={1}
          max={MAX_SERIES_OCCURRENCES}
          step={1}
          allowDecimal={false}
          error={errors.count}
          w={200}
          required
        />
      )}
    </Stack>
  );
}
