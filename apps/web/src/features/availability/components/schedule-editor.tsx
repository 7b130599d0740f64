import { ActionIcon, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { TimeInput } from '../../../components/ui/date-inputs';
import { MAX_SCHEDULE_WINDOWS, type WeeklyWindow } from '@pawsy/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { isPastMidnight, newWindowHours, WEEKDAYS } from '../availability-format';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';

const addHoursId = (day: number) => `add-hours-${day}`;

type ScheduleEditorProps = {
  value: WeeklyWindow[];
  onChange: (schedule: WeeklyWindow[]) => void;
};

/**
 * Per weekday, the hours the sitter takes walks and visits. Windows keep their position in the
 * whole list, so a day's rows are found by filtering and edited by their index in `value`.
 */
export function ScheduleEditor({ value, onChange }: ScheduleEditorProps) {
  const isFull = value.length >= MAX_SCHEDULE_WINDOWS;
  // A removed window's row goes with its button: the focus moves to that day's "Add hours".
  const focusNext = useFocusAfterRender();
  const update = (index: number, patch: Partial<WeeklyWindow>) =>
    onChange(value.map((w, i) => (i === index ? { ...w, ...patch } : w)));

  return (
    <Stack gap="sm">
      <Text size="sm" c="dark.4">
        {value.length === 0
          ? 'No hours set: owners may book walks and visits at any time. Add hours to limit them: once one day has hours, days without any are not available.'
          : 'Walks and visits can be booked only within these hours. An end before the start runs past midnight.'}
      </Text>
      {WEEKDAYS.map(({ day, name }) => {
        const rows = value.map((w, index) => ({ w, index })).filter(({ w }) => w.day === day);
        return (
          <Group key={day} role="group" aria-label={`${name} hours`} align="flex-start" gap="sm">
            {/* A day's name stays whole ("Wednesday" is wider than 100 px in bold); on a phone its
                windows go under it rather than squeezing it. */}
            <Text fw={600} miw={100} pt={6} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
              {name}
            </Text>
            <Stack gap={6} style={{ flex: '1 1 16rem' }}>
              {rows.length === 0 && (
                <Text size="sm" c="dark.4" pt={6}>
                  {value.length === 0 ? 'Any time' : 'Not available'}
                </Text>
              )}
              {rows.map(({ w, index }, n) => (
                <Group key={index} gap="xs" align="center">
                  <TimeInput
                    aria-label={`${name} window ${n + 1} from`}
                    value={w.start}
                    onChange={(e) => update(index, { start: e.currentTarget.value })}
                    w={120}
                  />
                  <Text size="sm" aria-hidden="true">
                    to
                  </Text>
                  <TimeInput
                    aria-label={`${name} window ${n + 1} to`}
                    value={w.end}
                    onChange={(e) => update(index, { end: e.currentTarget.value })}
                    w={120}
                  />
                  {isPastMidnight(w) && (
                    <Badge variant="light" color="indigo" tt="none">
                      past midnight
                    </Badge>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${name} window ${n + 1}`}
                    onClick={() => {
                      focusNext(addHoursId(day));
                      onChange(value.filter((_, i) => i !== index));
                    }}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                id={addHoursId(day)}
                variant="subtle"
                size="compact-sm"
                w="fit-content"
                leftSection={<IconPlus size={14} aria-hidden="true" />}
                disabled={isFull}
                onClick={() => onChange([...value, { day, ...newWindowHours(value, day) }])}
                aria-label={`Add hours on ${name}`}
              >
                Add hours
              </Button>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
