// Mantine's date inputs with their stylesheet. Every screen takes its date and time fields from
// here, so none renders them unstyled (a 763 px wide popover at 390 px) because it happened to be
// opened before the screen that used to import the CSS. Kept out of the app shell: `/` needs none.
import '@mantine/dates/styles.css';
import {
  DatePickerInput as MantineDatePickerInput,
  DateTimePicker as MantineDateTimePicker,
  TimeInput as MantineTimeInput,
} from '@mantine/dates';

export type { DatePickerInputProps, DateTimePickerProps, TimeInputProps } from '@mantine/dates';

// Bindings of this module, not `export { … } from`: the web package is side-effect free, so a
// module that only re-exports could be dropped by the bundler, and the stylesheet with it.
export const DatePickerInput: typeof MantineDatePickerInput = MantineDatePickerInput;
export const DateTimePicker: typeof MantineDateTimePicker = MantineDateTimePicker;
export const TimeInput: typeof MantineTimeInput = MantineTimeInput;
