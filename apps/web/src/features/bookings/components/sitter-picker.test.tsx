import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createTestStore } from '../../../app/store';
import { mockFetch } from '../../../test/fetch-mock';
import { makePublicSitter } from '../../../test/fixtures';
import { storeSession } from '../../../test/tokens';
import { SitterPicker, takesPets } from './sitter-picker';

const OWNER = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const sitter = (id: string, firstName: string, pet_prefrences: string[]) => ({
  ...makePublicSitter({ _id: id, id, firstName, lastName: 'S.', pet_prefrences }),
  distanceKm: 1,
});
const sitters = [
  sitter('bbbbbbbbbbbbbbbbbbbbbb01', 'Dana', ['Dogs']),
  sitter('bbbbbbbbbbbbbbbbbbbbbb02', 'Cleo', ['Cats', 'Small mammals']),
  sitter('bbbbbbbbbbbbbbbbbbbbbb03', 'Any', []),
];

/** The picker inside a form that holds its value, as the request form does. */
function Form({ species, onIds }: { species: string[]; onIds: (ids: string[]) => void }) {
  const [ids, setIds] = useState<string[]>([]);
  return (
    <SitterPicker
      service="dog-walking"
      species={species}
      value={ids}
      onChange={(next) => {
        setIds(next);
        onIds(next);
      }}
    />
  );
}

function open(species: string[], onIds: (ids: string[]) => void = () => {}) {
  storeSession({ id: OWNER });
  mockFetch(({ url }) =>
    url.startsWith('/api/user/nearby')
      ? {
          status: 200,
          body: {
            success: true,
            nearbyUsers: sitters,
            page: 1,
            limit: 50,
            total: 3,
            hasMore: false,
          },
        }
      : { status: 404, body: { message: 'Not found' } },
  );
  const view = render(
    <AppProvider store={createTestStore()} env="test">
      <Form species={species} onIds={onIds} />
    </AppProvider>,
  );
  return view;
}

const offered = async () => {
  await userEvent.click(await screen.findByRole('combobox', { name: 'Sitters to invite' }));
  return (await screen.findAllByRole('option')).map((o) => o.textContent?.split(' ')[0]);
};

describe('the sitters an owner may invite', () => {
  it('takes any pet without a preference, else a preference naming each species', () => {
    expect(takesPets([], ['dog', 'cat'])).toBe(true);
    expect(takesPets(['Dogs', 'Cats'], ['dog', 'cat'])).toBe(true);
    expect(takesPets(['Dogs'], ['dog', 'cat'])).toBe(false);
    expect(takesPets(['Small mammals'], ['small mammal'])).toBe(true);
  });

  it('offers only sitters who take every chosen pet', async () => {
    open(['dog']);
    await waitFor(async () => expect(await offered()).toEqual(['Dana', 'Any']));
  });

  it('drops a chosen sitter once a pet they do not take is ticked', async () => {
    const seen: string[][] = [];
    const { rerender } = open(['dog'], (ids) => seen.push(ids));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Sitters to invite' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Dana/ }));
    expect(seen.at(-1)).toEqual(['bbbbbbbbbbbbbbbbbbbbbb01']);
    rerender(
      <AppProvider store={createTestStore()} env="test">
        <Form species={['dog', 'cat']} onIds={(ids) => seen.push(ids)} />
      </AppProvider>,
    );
    await waitFor(() => expect(seen.at(-1)).toEqual([]));
  });
});

describe('the invite help text', () => {
  it('names the service as a word, not its code', async () => {
    open(['dog']);
    expect(
      await screen.findByText(
        'Choose up to 5 sitters who offer dog walking and take your pets. The first to accept gets the booking.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/dog-walking/)).toBeNull();
  });
});
