import { Anchor, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, toPath } from '../../../config/paths';
import { serviceLabel } from '../../../config/service-labels';
import type { UserDashboard } from '../dashboard-api';
import { StatusBadge } from '../../bookings';
import { formatDateTime, formatTimeRange } from '../../../lib/dates';

export type Stat = { label: string; value: string; icon: ReactNode; to?: string };

export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    // Plain text pairs, not <dl>: a definition list may not have the cards' wrappers between
    // <dl> and its <dt>/<dd> (axe: definition-list, dlitem).
    // One card a row on a phone: a figure set large needs the width, and never breaks inside.
    // Up to four share a row; more go three a row ("$1,786.00" overflowed a sixth of 1,280 px).
    <SimpleGrid cols={{ base: 1, xs: 2, md: stats.length > 4 ? 3 : stats.length }} m={0}>
      {stats.map((stat) => (
        <Paper key={stat.label} withBorder radius="lg" p="md">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
              {stat.icon}
            </ThemeIcon>
            <div>
              <Text size="sm" c="dark.4">
                {stat.to ? (
                  <Anchor component={Link} to={stat.to} inherit>
                    {stat.label}
                  </Anchor>
                ) : (
                  stat.label
                )}
              </Text>
              {/* The body's `overflow-wrap: anywhere` would split a figure ("$36.0" / "0"). */}
              <Text
                m={0}
                fw={700}
                fz={26}
                lh={1.2}
                style={{ whiteSpace: 'nowrap', overflowWrap: 'normal' }}
              >
                {stat.value}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function UpcomingBookings({
  bookings,
  asSitter = false,
}: {
  bookings: UserDashboard['upcomingBookings'];
  /** The viewer sits: a pending booking waits for their answer, not for a sitter's. */
  asSitter?: boolean;
}) {
  if (bookings.length === 0) {
    return (
      <Text c="dark.4" size="sm">
        No upcoming bookings.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label="Next bookings">
      {bookings.map((booking) => {
        const label = booking.service ? serviceLabel(booking.service) : 'Booking';
        const when = !booking.startDate
          ? 'Date to be set'
          : booking.endDate
            ? formatTimeRange(booking.startDate, booking.endDate)
            : formatDateTime(booking.startDate);
        return (
          <Paper
            key={booking._id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            style={{ listStyle: 'none' }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <IconCalendarEvent size={20} aria-hidden="true" />
                <div>
                  <Anchor
                    component={Link}
                    to={toPath(paths.bookingDetails, { id: booking._id })}
                    fw={600}
                    // Named with its time: the list's links would otherwise all read "Dog walking".
                    aria-label={`${label}, ${when}`}
                  >
                    {label}
                  </Anchor>
                  <Text size="sm" c="dark.4">
                    {when}
                  </Text>
                  {booking.status === 'pending' && (
                    <Text size="sm" fw={asSitter ? 600 : undefined}>
                      {asSitter ? 'Waiting for your answer' : 'Not confirmed yet'}
                    </Text>
                  )}
                </div>
              </Group>
              <StatusBadge status={booking.status} />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
