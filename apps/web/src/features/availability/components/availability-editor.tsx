import { Alert, Button, Divider, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isOvernightService,
  normalizeService,
  type BlockBody,
  type CalendarUpdateBody,
} from '@pawsy/contract';
import { useCallback, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-error';
import { useLoad } from '../../../lib/use-load';
import {
  AVAILABILITY_MESSAGES,
  availabilityApi,
  conflictOf,
  type Block,
  type Calendar,
  type CalendarChange,
} from '../availability-api';
import { browserTimeZone, formatRange } from '../availability-format';
import { BlocksEditor } from './blocks-editor';
import { CalendarSettingsForm } from './calendar-settings-form';
import { NextFreeDates } from './next-free-dates';

/** Nothing saved yet: the API answers its defaults (UTC, any time, nothing blocked). */
const isUnset = (c: Calendar) =>
  c.timeZone === 'UTC' &&
  c.schedule.length === 0 &&
  Object.keys(c.capacities).length === 0 &&
  c.blocks.length === 0;

const fail = (title: string, error: unknown, fallback: string) =>
  notifications.show({ color: 'red', title, message: getErrorMessage(error, fallback) });

/** The sitter's calendar on their profile: hours, capacity, blocked dates, next free dates. */
export function AvailabilityEditor({ services }: { services: string[] }) {
  const load = useCallback(() => availabilityApi.get(), []);
  const {
    data: calendar,
    error,
    isLoading,
    reload,
  } = useLoad('calendar', load, AVAILABILITY_MESSAGES.loadFailed);
  const overnight = [...new Set(services.map(normalizeService))].filter(isOvernightService);
  // Before the sitter saves a zone, the browser's is proposed and saved with their first change.
  const initialZone = calendar && isUnset(calendar) ? browserTimeZone() : calendar?.timeZone;

  // Once hours are saved, the form made anew from them starts with the focus on its Save.
  const [saved, setSaved] = useState(false);
  const save = async (body: CalendarUpdateBody): Promise<CalendarChange> => {
    try {
      await availabilityApi.update(body);
      setSaved(true);
    } catch (e) {
      const conflict = conflictOf(e);
      if (conflict) return conflict;
      fail('Calendar not saved', e, AVAILABILITY_MESSAGES.saveFailed);
      return { status: 'failed' };
    }
    notifications.show({
      color: 'green',
      title: 'Calendar saved',
      message: AVAILABILITY_MESSAGES.saved,
    });
    reload();
    return { status: 'done' };
  };

  const addBlock = async (body: BlockBody): Promise<CalendarChange> => {
    try {
      if (calendar && initialZone && initialZone !== calendar.timeZone)
        await availabilityApi.update({ timeZone: initialZone });
      await availabilityApi.addBlock(body);
    } catch (e) {
      const conflict = conflictOf(e);
      if (conflict) return conflict;
      fail('Dates not blocked', e, AVAILABILITY_MESSAGES.blockFailed);
      return { status: 'failed' };
    }
    notifications.show({
      color: 'green',
      title: 'Dates blocked',
      message: `${formatRange(body.startDate, body.endDate)} is blocked.`,
    });
    reload();
    return { status: 'done' };
  };

  const removeBlock = async (block: Block): Promise<boolean> => {
    try {
      await availabilityApi.removeBlock(block.id);
    } catch (e) {
      fail('Blocked dates not removed', e, AVAILABILITY_MESSAGES.unblockFailed);
      return false;
    }
    notifications.show({
      color: 'green',
      title: 'Blocked dates removed',
      message: `${formatRange(block.startDate, block.endDate)} is open again.`,
    });
    reload();
    return true;
  };

  return (
    <Paper component="section" withBorder radius="lg" p="xl" aria-labelledby="profile-calendar">
      <Title id="profile-calendar" order={2} size="h3">
        Your calendar
      </Title>
      <Text size="sm" c="dark.4" mt={4} mb="md">
        Owners find you only for dates you are free. Accepted bookings fill your calendar.
      </Text>
      {isLoading && !calendar && (
        <Skeleton h={240} radius="md" aria-label="Loading your calendar" />
      )}
      {error && !calendar && (
        <Alert color="red" role="alert" title="Your calendar could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="white" onClick={reload}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {calendar && initialZone && (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={3} size="h5">
              Next free dates
            </Title>
            <NextFreeDates dates={calendar.nextFreeDates} />
          </Stack>
          <Divider />
          <CalendarSettingsForm
            key={JSON.stringify([initialZone, calendar.schedule, calendar.capacities])}
            calendar={calendar}
            initialTimeZone={initialZone}
            overnightServices={overnight}
            onSave={save}
            focusSaveOnMount={saved}
          />
          <Divider />
          <Stack gap="xs">
            <Title order={3} size="h5">
              Blocked dates
            </Title>
            <BlocksEditor blocks={calendar.blocks} onAdd={addBlock} onRemove={removeBlock} />
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
