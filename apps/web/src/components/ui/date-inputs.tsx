// Mantine's date inputs with their stylesheet. Every screen takes its date and time fields from
// here, so none renders them unstyled (a 763 px wide popover at 390 px) because it happened to be
// opened before the screen that used to import the CSS. Kept out of the app shell: `/` needs none.
import '@mantine/dates/styles.css';
import type { PopoverProps } from '@mantine/core';
import {
  DatePickerInput as MantineDatePickerInput,
  DateTimePicker as MantineDateTimePicker,
  TimeInput as MantineTimeInput,
  type DatePickerInputProps,
  type DatePickerType,
  type DateTimePickerProps,
} from '@mantine/dates';
import type { MouseEvent, Ref } from 'react';

export type { DatePickerInputProps, DateTimePickerProps, TimeInputProps } from '@mantine/dates';

type PickerPopoverProps = Partial<Omit<PopoverProps, 'children'>>;

/**
 * Mantine's pickers open their popover with returnFocus off: Escape puts the focus back on the
 * field, but choosing a day (or "Confirm" with a time) unmounts the focused control and leaves the
 * focus on <body>, so the next Tab starts the page over at "Skip to content". The popover's own
 * returnFocus puts it back on the field then; a screen's popoverProps still win.
 */
function returningFocus(popoverProps: PickerPopoverProps | undefined): PickerPopoverProps {
  return { returnFocus: true, ...popoverProps };
}

/**
 * Mantine's hour and minute boxes select their two digits when focused, so a digit typed replaces
 * them. A press on a box that already has the focus (choosing a day moves it to the hours) put the
 * caret between the digits instead, and the next digit joined the old ones: "09", then 1, read 19.
 * Such a press keeps the digits selected.
 */
function selectOnPress(event: MouseEvent<HTMLInputElement>) {
  // Mantine's own handler, which this one replaces, keeps the press from the popover.
  event.stopPropagation();
  if (document.activeElement !== event.currentTarget) return;
  event.preventDefault();
  event.currentTarget.select();
}

type TimePickerProps = DateTimePickerProps['timePickerProps'];

function selectingBoxes(timePickerProps: TimePickerProps): TimePickerProps {
  return {
    ...timePickerProps,
    hoursInputProps: { onMouseDown: selectOnPress, ...timePickerProps?.hoursInputProps },
    minutesInputProps: { onMouseDown: selectOnPress, ...timePickerProps?.minutesInputProps },
  };
}

type WithRef<P> = P & { ref?: Ref<HTMLButtonElement> };

// Bindings of this module, not `export { … } from`: the web package is side-effect free, so a
// module that only re-exports could be dropped by the bundler, and the stylesheet with it.
export function DatePickerInput<Type extends DatePickerType = 'default'>({
  popoverProps,
  ...props
}: WithRef<DatePickerInputProps<Type>>) {
  return <MantineDatePickerInput<Type> {...props} popoverProps={returningFocus(popoverProps)} />;
}

export function DateTimePicker<Type extends DatePickerType = 'default'>({
  popoverProps,
  timePickerProps,
  ...props
}: WithRef<DateTimePickerProps<Type>>) {
  return (
    <MantineDateTimePicker<Type>
      {...props}
      popoverProps={returningFocus(popoverProps)}
      timePickerProps={selectingBoxes(timePickerProps)}
    />
  );
}

export const TimeInput: typeof MantineTimeInput = MantineTimeInput;
