import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePickerInput, DateTimePicker } from './date-inputs';

function FirstDay() {
  const [value, setValue] = useState<string | null>('2030-12-10');
  return (
    <MantineProvider env="test">
      <DatePickerInput
        label="First day"
        value={value}
        onChange={setValue}
        popoverProps={{ withinPortal: true }}
      />
      <button type="button">Next field</button>
    </MantineProvider>
  );
}

describe('date picker focus', () => {
  it('puts the focus back on the field once a day is chosen by keyboard', async () => {
    render(<FirstDay />);
    const field = screen.getByRole('button', { name: /^First day/ });
    const user = userEvent.setup();
    field.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{ArrowRight}{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field).toHaveTextContent('December 11, 2030');
    await waitFor(() => expect(field).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next field' })).toHaveFocus();
  });
});

function Starts() {
  const [value, setValue] = useState<string | null>('2030-12-10 09:00:00');
  return (
    <MantineProvider env="test">
      <DateTimePicker
        label="Starts"
        value={value}
        onChange={setValue}
        timePickerProps={{ hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
      />
    </MantineProvider>
  );
}

describe('date and time picker', () => {
  it('keeps the hour digits selected when the focused hour box is pressed, so a digit replaces them', async () => {
    render(<Starts />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Starts/ }));
    const hours = (await screen.findByLabelText('Hours')) as HTMLInputElement;
    // Choosing a day leaves the focus in the hour box, its digits selected.
    hours.focus();
    expect([hours.selectionStart, hours.selectionEnd]).toEqual([0, 2]);
    // A press there would put the caret between the digits ("0|9": a 1 then reads 19).
    hours.setSelectionRange(1, 1);
    const pressed = fireEvent.mouseDown(hours);
    expect(pressed).toBe(false);
    expect([hours.selectionStart, hours.selectionEnd]).toEqual([0, 2]);
    // A press on a box without the focus is left to the browser (the focus selects the digits).
    const minutes = screen.getByLabelText('Minutes');
    expect(fireEvent.mouseDown(minutes)).toBe(true);
  });
});
