import { Group, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { formatFreeDates } from '../availability-format';

/** "Free: Thu 27 Nov, Fri 28 Nov" or "No free dates in the next 60 days"; nothing when unknown. */
export function NextFreeDates({ dates, size = 'sm' }: { dates?: string[]; size?: 'xs' | 'sm' }) {
  if (!dates) return null;
  return (
    <Group gap={4} wrap="nowrap" c={dates.length ? undefined : 'dark.4'}>
      <IconCalendarCheck size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
      <Text size={size} data-testid="next-free-dates">
        {formatFreeDates(dates)}
      </Text>
    </Group>
  );
}
