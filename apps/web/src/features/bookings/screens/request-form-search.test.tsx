import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makePet } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { searchPrefill } from '../lib/request-form-model';
import { OWNER_ID, SITTER_ID } from '../test/booking-factory';

describe('request form after a sitter search', () => {
  it('reads the service and days of the search, and drops what it cannot use', () => {
    const read = (q: string) => searchPrefill(new URLSearchParams(q));
    expect(read('service=dog-walking&startDate=2030-12-10&endDate=2030-12-11')).toEqual({
      service: 'dog-walking',
      startDate: '2030-12-10',
      endDate: '2030-12-11',
    });
    expect(read('service=juggling&startDate=2030-12-10')).toBeNull();
    expect(read('providerId=x')).toBeNull();
  });

  it('opens with the searched service and dates for the sitter', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    mockFetch((call) =>
      call.url === `/api/pets/user/${OWNER_ID}`
        ? { status: 200, body: { success: true, result: [makePet({ userId: OWNER_ID })] } }
        : { status: 404, body: { message: 'Not found' } },
    );
    renderApp(
      `/request-form?providerId=${SITTER_ID}&service=dog-walking&startDate=2030-12-10&endDate=2030-12-11`,
    );
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    expect(screen.getByRole('combobox', { name: /^Service/ })).toHaveValue('Dog walking');
    expect(screen.getByRole('button', { name: /^Starts/ })).toHaveTextContent(
      'Tue 10 Dec 2030, 09:00',
    );
    expect(screen.getByRole('button', { name: /^Ends/ })).toHaveTextContent(
      'Wed 11 Dec 2030, 17:00',
    );
  });
});
