import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SITTER_ID } from '../test/booking-factory';
import { openRequestForm } from '../test/request-form';

const RESTORED = 'Your unfinished request is filled in again.';

const open = openRequestForm;

const notes = () => screen.findByLabelText('Notes for the sitter');

describe('the request form across a reload of the tab', () => {
  it('keeps what was typed, says so, and starts over on request', async () => {
    const first = open('/request-form');
    await userEvent.type(await notes(), 'Rex pulls on the lead');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Biscuit/ }));
    first.unmount();

    open('/request-form');
    expect(await notes()).toHaveValue('Rex pulls on the lead');
    expect(screen.getByRole('checkbox', { name: /Biscuit/ })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent(RESTORED);

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await notes()).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('requestFormTyping')).toBeNull();
  });

  it('starts a form for another sitter fresh', async () => {
    const first = open('/request-form');
    await userEvent.type(await notes(), 'Two walks a day');
    first.unmount();

    open(`/request-form?providerId=${SITTER_ID}`);
    expect(await notes()).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
  });

  it('does not announce a form nobody typed into', async () => {
    const first = open('/request-form');
    await notes();
    first.unmount();

    open('/request-form');
    expect(await notes()).toHaveValue('');
    expect(screen.queryByText(RESTORED)).not.toBeInTheDocument();
  });
});
