import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { searchPrefill } from '../lib/request-form-model';
import { SITTER_ID } from '../test/booking-factory';
import { openRequestForm } from '../test/request-form';

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

  const open = (path: string) => openRequestForm(path);
  const starts = () => screen.getByRole('button', { name: /^Starts/ });
  const ends = () => screen.getByRole('button', { name: /^Ends/ });

  it("warns that sitters nearby read an open request's notes before one is chosen", async () => {
    open('/request-form?service=boarding&startDate=2030-12-10&endDate=2030-12-11');
    expect(await screen.findByLabelText('Notes for the sitter')).toHaveAccessibleDescription(
      /Sitters nearby read this before you choose one: no door or lockbox codes here\.$/,
    );
  });

  it('opens an overnight service from 09:00 on the searched first day to 09:00 on the last', async () => {
    open(
      `/request-form?providerId=${SITTER_ID}&service=boarding&startDate=2030-12-10&endDate=2030-12-11`,
    );
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    expect(screen.getByRole('combobox', { name: /^Service/ })).toHaveValue('Boarding');
    expect(starts()).toHaveTextContent('Tue 10 Dec 2030, 09:00');
    expect(ends()).toHaveTextContent('Wed 11 Dec 2030, 09:00');
  });

  it('opens an hourly service (a walk) as one hour from 09:00 on the searched day', async () => {
    open(
      `/request-form?providerId=${SITTER_ID}&service=dog-walking&startDate=2030-12-10&endDate=2030-12-11`,
    );
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    expect(screen.getByRole('combobox', { name: /^Service/ })).toHaveValue('Dog walking');
    expect(starts()).toHaveTextContent('Tue 10 Dec 2030, 09:00');
    expect(ends()).toHaveTextContent('Tue 10 Dec 2030, 10:00');
  });

  it('choosing an hourly service on a fresh form makes the untouched times one hour', async () => {
    open('/request-form');
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    const tomorrow = dayjs().add(1, 'day').format('ddd D MMM YYYY');
    expect(ends()).toHaveTextContent(`${tomorrow}, 17:00`);
    await userEvent.click(screen.getByRole('combobox', { name: /^Service/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Drop-in visits' }));
    expect(starts()).toHaveTextContent(`${tomorrow}, 09:00`);
    expect(ends()).toHaveTextContent(`${tomorrow}, 10:00`);
    await userEvent.click(screen.getByRole('combobox', { name: /^Service/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'House sitting' }));
    const dayAfter = dayjs().add(2, 'day').format('ddd D MMM YYYY');
    expect(ends()).toHaveTextContent(`${dayAfter}, 09:00`);
  });

  it('moves the end with the start, keeping the length, and still lets the end be changed', async () => {
    open(
      `/request-form?providerId=${SITTER_ID}&service=dog-walking&startDate=2030-12-10&endDate=2030-12-10`,
    );
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    expect(ends()).toHaveTextContent('Tue 10 Dec 2030, 10:00');
    const user = userEvent.setup();
    await user.click(starts());
    await user.click(await screen.findByRole('button', { name: '9 December 2030' }));
    await user.click(screen.getByRole('button', { name: 'Confirm start' }));
    expect(starts()).toHaveTextContent('Mon 9 Dec 2030, 09:00');
    expect(ends()).toHaveTextContent('Mon 9 Dec 2030, 10:00');

    await user.click(ends());
    await user.click(await screen.findByRole('button', { name: '11 December 2030' }));
    await user.click(screen.getByRole('button', { name: 'Confirm end' }));
    expect(starts()).toHaveTextContent('Mon 9 Dec 2030, 09:00');
    expect(ends()).toHaveTextContent('Wed 11 Dec 2030, 10:00');
  });

  it('names the hour and minute boxes of the date-time picker', async () => {
    open(`/request-form?providerId=${SITTER_ID}&service=dog-walking`);
    await screen.findByRole('checkbox', { name: 'Biscuit (dog)' });
    await userEvent.click(starts());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Hours')).toHaveValue('09');
    expect(within(dialog).getByLabelText('Minutes')).toHaveValue('00');
  });
});
