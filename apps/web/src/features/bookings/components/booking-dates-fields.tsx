import { SimpleGrid } from '@mantine/core';
import { DateTimePicker, type DateTimePickerProps } from '../../../components/ui/date-inputs';
import dayjs from 'dayjs';

type BookingDatesFieldsProps = {
  start: string | null;
  end: string | null;
  onStartChange: (value: string | null) => void;
  onEndChange: (value: string | null) => void;
  startError?: string;
  endError?: string;
};

const shared: Partial<DateTimePickerProps> = {
  valueFormat: 'ddd D MMM YYYY, HH:mm',
  required: true,
  ariaLabels: { nextMonth: 'Next month', previousMonth: 'Previous month' },
  // The hour and minute boxes show only "--": name them for screen readers.
  timePickerProps: {
    'aria-label': 'Time',
    hoursInputLabel: 'Hours',
    minutesInputLabel: 'Minutes',
  } as DateTimePickerProps['timePickerProps'],
  popoverProps: { withinPortal: true },
};

/** Start and end of the booking, date and time (local time, sent as ISO UTC). */
export function BookingDatesFields(props: BookingDatesFieldsProps) {
  const today = dayjs().startOf('day').toDate();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <DateTimePicker
        {...shared}
        label="Starts"
        value={props.start}
        onChange={props.onStartChange}
        minDate={today}
        error={props.startError}
        submitButtonProps={{ 'aria-label': 'Confirm start' }}
      />
      <DateTimePicker
        {...shared}
        label="Ends"
        value={props.end}
        onChange={props.onEndChange}
        minDate={props.start ? dayjs(props.start).startOf('day').toDate() : today}
        error={props.endError}
        submitButtonProps={{ 'aria-label': 'Confirm end' }}
      />
    </SimpleGrid>
  );
}
