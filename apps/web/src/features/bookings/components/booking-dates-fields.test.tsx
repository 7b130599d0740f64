import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makePet } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { OWNER_ID, SITTER_ID } from '../test/booking-factory';

function openRequestForm() {
  storeSession({ id: OWNER_ID, userType: 'user' });
  mockFetch((call) =>
    call.url === `/api/pets/user/${OWNER_ID}`
      ? { status: 200, body: { success: true, result: [makePet({ userId: OWNER_ID })] } }
      : { status: 404, body: { message: 'Not found' } },
  );
  renderApp(
    `/request-form?providerId=${SITTER_ID}&service=dog-walking&startDate=2030-12-10&endDate=2030-12-10`,
  );
}

describe('booking date fields by keyboard', () => {
  it('puts the focus back on the field after "Confirm start", so Tab goes on from there', async () => {
    openRequestForm();
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    const starts = screen.getByRole('button', { name: /^Starts/ });
    const user = userEvent.setup();
    starts.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).toHaveAccessibleName('10 December 2030');
    await user.keyboard('{ArrowRight}{Enter}');
    const hours = within(dialog).getByLabelText('Hours');
    while (document.activeElement !== hours) await user.tab();
    await user.keyboard('14');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm start' });
    while (document.activeElement !== confirm) await user.tab();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(starts).toHaveTextContent('Wed 11 Dec 2030, 14:00');
    await waitFor(() => expect(starts).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: /^Ends/ })).toHaveFocus();
  });
});
