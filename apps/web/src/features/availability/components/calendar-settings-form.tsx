import { Alert, Button, Group, Select, Stack, Title } from '@mantine/core';
import { calendarUpdateBody, type CalendarUpdateBody, type WeeklyWindow } from '@pawsy/contract';
import { memo, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Calendar, CalendarChange } from '../availability-api';
import { timeZoneOptions } from '../availability-format';
import { BookingsToSettle } from './bookings-to-settle';
import { CapacitiesEditor } from './capacities-editor';
import { ScheduleEditor } from './schedule-editor';

type CalendarSettingsFormProps = {
  calendar: Calendar;
  /** The zone shown before the sitter ever saved one (the browser's). */
  initialTimeZone: string;
  overnightServices: string[];
  onSave: (body: CalendarUpdateBody) => Promise<CalendarChange>;
  /**
   * Focus Save when the form appears: it is made anew from what was saved (its key), and the
   * Save that had the focus went with the old one.
   */
  focusSaveOnMount?: boolean;
};

/** Hundreds of options: kept out of the re-renders each keystroke in the hours causes. */
const TimeZoneSelect = memo(function TimeZoneSelect(props: {
  value: string;
  onChange: (zone: string) => void;
}) {
  const zones = useMemo(() => timeZoneOptions(props.value), [props.value]);
  return (
    <Select
      label="Time zone"
      description="Your hours and blocked dates are in this time zone."
      data={zones}
      value={props.value}
      onChange={(value) => value && props.onChange(value)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No such time zone"
      maw={360}
    />
  );
});

/** Time zone, weekly hours and overnight capacities, saved together with one PUT. */
export function CalendarSettingsForm(props: CalendarSettingsFormProps) {
  const { calendar, overnightServices, onSave } = props;
  const [timeZone, setTimeZone] = useState(props.initialTimeZone);
  const [schedule, setSchedule] = useState<WeeklyWindow[]>(calendar.schedule);
  const [capacities, setCapacities] = useState<Record<string, number | ''>>(calendar.capacities);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<CalendarChange | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusSave = props.focusSaveOnMount === true;
  useEffect(() => {
    if (focusSave) saveButton.current?.focus();
    // Only when this form appears, not when the flag changes under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const caps: Record<string, number> = {};
    for (const service of overnightServices) {
      const n = capacities[service];
      if (typeof n === 'number') caps[service] = n;
    }
    const parsed = calendarUpdateBody.safeParse({ timeZone, schedule, capacities: caps });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // "Weekly hours: These hours overlap…", "Weekly hours, Tuesday: a window must end…".
      const namesDay = /^[A-Z][a-z]+day:/.test(issue?.message ?? '');
      const where =
        issue?.path[0] === 'schedule' ? (namesDay ? 'Weekly hours, ' : 'Weekly hours: ') : '';
      return setError(`${where}${issue?.message ?? 'Check the calendar'}`);
    }
    setError(null);
    setOutcome(null);
    setSaving(true);
    setOutcome(await onSave(parsed.data));
    setSaving(false);
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Hours and capacity" noValidate>
      <Stack gap="lg">
        <TimeZoneSelect value={timeZone} onChange={setTimeZone} />
        <Stack gap="xs">
          <Title order={3} size="h5">
            Weekly hours for walks and visits
          </Title>
          <ScheduleEditor value={schedule} onChange={setSchedule} />
        </Stack>
        <Stack gap="xs">
          <Title order={3} size="h5">
            Overnight care at once
          </Title>
          <CapacitiesEditor
            services={overnightServices}
            value={capacities}
            onChange={setCapacities}
          />
        </Stack>
        {outcome?.status === 'conflict' && (
          <BookingsToSettle message={outcome.message} bookings={outcome.bookings} />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving} ref={saveButton}>
            Save hours and capacity
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
