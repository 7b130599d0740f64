import type { PublicUser } from '@pawsy/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { makePet, makePublicSitter } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { OWNER_ID, SITTER_ID } from '../test/booking-factory';
import { openRequestForm } from '../test/request-form';

const makeSitterProfile = (overrides: Partial<PublicUser> = {}) =>
  makePublicSitter({ _id: SITTER_ID, id: SITTER_ID, ...overrides });

/** The request form for `sitter`, with one pet of the owner's. */
const openFor = (sitter: PublicUser) =>
  openRequestForm(`/request-form?providerId=${SITTER_ID}`, sitter);

describe('request form for one sitter', () => {
  it('shows the "ID verified" badge of a KYC-verified sitter, as the search card does', async () => {
    openFor(makeSitterProfile());
    const card = await screen.findByLabelText('Chosen sitter: Tessa Sitter');
    expect(within(card).getByText('ID verified')).toBeInTheDocument();
  });

  it('asks for door codes in the chat after acceptance, not in the notes', async () => {
    openFor(makeSitterProfile());
    expect(await screen.findByLabelText('Notes for the sitter')).toHaveAccessibleDescription(
      /Share door or lockbox codes in the chat once the sitter has accepted\.$/,
    );
  });

  it('shows no badge for a sitter not verified yet', async () => {
    const badges = { KYC_verified: false, is_verified: false };
    openFor(makeSitterProfile({ badges, ...badges }));
    const card = await screen.findByLabelText('Chosen sitter: Tessa Sitter');
    expect(within(card).queryByText(/verified/i)).not.toBeInTheDocument();
  });

  it('offers every listed service, one without an own rate at the suggested rate', async () => {
    openFor(
      makeSitterProfile({
        primary_services: ['dog-walking', 'drop-in-visits'],
        suggested_rates: { 'drop-in-visits': 1800 },
      }),
    );
    const card = await screen.findByLabelText('Chosen sitter: Tessa Sitter');
    expect(within(card).getByText(/Drop-in visits · \$18\/hour suggested/)).toBeInTheDocument();
    expect(within(card).getByText(/Dog walking · \$22\/hour/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: /^Service/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Dog walking', 'Drop-in visits']);
    await userEvent.click(screen.getByRole('option', { name: 'Drop-in visits' }));
    expect(screen.getByRole('combobox', { name: /^Service/ })).toHaveValue('Drop-in visits');
  });
});

describe('request form for several sitters', () => {
  it('reads the pets once and offers only sitters who take the ticked ones', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const cat = makePet({
      _id: 'dddddddddddddddddddddd02',
      userId: OWNER_ID,
      name: 'Mochi',
      species: 'cat',
    });
    const dogsOnly = makeSitterProfile({ firstName: 'Dana', pet_prefrences: ['Dogs'] });
    const anyPet = makeSitterProfile({
      _id: 'bbbbbbbbbbbbbbbbbbbbbb09',
      id: 'bbbbbbbbbbbbbbbbbbbbbb09',
      firstName: 'Ari',
      pet_prefrences: [],
    });
    const calls = mockFetch((call) => {
      if (call.url === `/api/pets/user/${OWNER_ID}`)
        return { status: 200, body: { success: true, result: [cat] } };
      if (call.url.startsWith('/api/user/nearby'))
        return {
          status: 200,
          body: {
            success: true,
            nearbyUsers: [dogsOnly, anyPet].map((s) => ({ ...s, distanceKm: 1 })),
            page: 1,
            limit: 50,
            total: 2,
            hasMore: false,
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp('/request-form');
    await userEvent.click(await screen.findByRole('radio', { name: /Send to several sitters/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Mochi (cat)' }));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Sitters to invite' }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual([expect.stringMatching(/^Ari /)]);
    expect(calls.filter((c) => c.url === `/api/pets/user/${OWNER_ID}`)).toHaveLength(1);
  });
});

describe('request form for a sitter who takes some kinds of pets', () => {
  it('offers only the pets the sitter takes, saying why for the others', async () => {
    storeSession({ id: OWNER_ID, userType: 'user' });
    const dog = makePet({ _id: 'dddddddddddddddddddddd01', userId: OWNER_ID, name: 'Rex' });
    const cat = makePet({
      _id: 'dddddddddddddddddddddd02',
      userId: OWNER_ID,
      name: 'Mochi',
      species: 'cat',
    });
    mockFetch((call) => {
      if (call.url === `/api/pets/user/${OWNER_ID}`)
        return { status: 200, body: { success: true, result: [dog, cat] } };
      if (call.url === `/api/user/${SITTER_ID}`)
        return {
          status: 200,
          body: {
            success: true,
            data: makeSitterProfile({ firstName: 'Sam', pet_prefrences: ['Dogs'] }),
          },
        };
      return { status: 404, body: { message: 'Not found' } };
    });
    renderApp(`/request-form?providerId=${SITTER_ID}`);
    const catBox = await screen.findByRole('checkbox', { name: 'Mochi (cat)' });
    expect(catBox).toBeDisabled();
    expect(catBox).toHaveAccessibleDescription('Sam does not take this kind of pet');
    expect(screen.getByRole('checkbox', { name: /^Rex/ })).toBeEnabled();
  });
});

describe('a sitter who lists no service yet', () => {
  it('says on the request form that there is nothing to request from them', async () => {
    const idle = makeSitterProfile({
      primary_services: [],
      service_rates: {},
      suggested_rates: {},
    });
    openFor(idle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tessa has not listed a service yet, so there is nothing to request from them.',
    );
  });
});

describe('request form refused on submit', () => {
  it('takes the focus to the first field a message is about, not left on the button', async () => {
    openFor(makeSitterProfile({ primary_services: ['dog-walking', 'drop-in-visits'] }));
    const submit = await screen.findByRole('button', { name: 'Continue to checkout' });
    submit.focus();
    await userEvent.keyboard('{Enter}');
    const service = screen.getByRole('combobox', { name: /^Service/ });
    await waitFor(() => expect(service).toHaveFocus());
    expect(service).toHaveAccessibleDescription(/./);
  });
});
