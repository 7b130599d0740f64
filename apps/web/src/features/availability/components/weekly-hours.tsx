import { Skeleton, Stack, Table, Text } from '@mantine/core';
import { useCallback } from 'react';
import { useLoad } from '../../../lib/use-load';
import { AVAILABILITY_MESSAGES, availabilityApi } from '../availability-api';
import { isPastMidnight, WEEKDAYS } from '../availability-format';

/**
 * A sitter's weekly hours for walks and visits, as owners see them on the sitter's page. Says
 * nothing when the calendar cannot be read: the page stays useful without it.
 */
export function WeeklyHours({ userId }: { userId: string }) {
  const load = useCallback(() => availabilityApi.getPublic(userId), [userId]);
  const { data, isLoading } = useLoad(userId, load, AVAILABILITY_MESSAGES.loadFailed);
  if (isLoading) return <Skeleton h={60} radius="md" aria-label="Loading the sitter's hours" />;
  if (!data) return null;
  if (data.schedule.length === 0)
    return <Text size="sm">Takes walks and visits at any time of day.</Text>;
  return (
    <Stack gap="xs">
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Hours for walks and visits">
        <Table.Tbody>
          {WEEKDAYS.map(({ day, name }) => {
            const windows = data.schedule.filter((w) => w.day === day);
            return (
              <Table.Tr key={day}>
                <Table.Th scope="row" w={120}>
                  {name}
                </Table.Th>
                <Table.Td c={windows.length ? undefined : 'dark.4'}>
                  {windows.length === 0
                    ? 'Not available'
                    : windows
                        .map((w) => `${w.start}–${w.end}${isPastMidnight(w) ? ' (next day)' : ''}`)
                        .join(', ')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dark.4">
        Times in {data.timeZone.replace(/_/g, ' ')}.
      </Text>
    </Stack>
  );
}
