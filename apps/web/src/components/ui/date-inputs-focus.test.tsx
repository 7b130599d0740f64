import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DatePickerInput } from './date-inputs';

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
