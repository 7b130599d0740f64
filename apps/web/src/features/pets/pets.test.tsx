import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createTestStore } from '../../app/store';
import { mockFetch } from '../../test/fetch-mock';
import { FIXTURE_USER_ID, makePet } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { mockXhr } from '../../test/xhr-mock';
import { PET_MESSAGES } from './pets-api';
import { addPet, fetchPets, petRemoved, petSelected, petsLoaded } from './pets-slice';

const USER_ID = FIXTURE_USER_ID;
type Answer = { status: number; body?: unknown };

describe('pets', () => {
  it('treats a 404 on GET /api/pets/user/{id} as an empty list, not an error', async () => {
    storeSession({ id: USER_ID });
    const calls = mockFetch(({ url }) =>
      url === `/api/pets/user/${USER_ID}`
        ? { status: 404, body: { message: 'User not found' } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const { store } = renderApp('/pet-details');
    expect(await screen.findByText('No pets yet')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `/api/pets/user/${USER_ID}`)).toBe(true);
    expect(store.getState().pets.items).toEqual([]);
    expect(store.getState().pets.error).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the fallback when the fetch fails without a server message', async () => {
    storeSession({ id: USER_ID });
    mockFetch(() => ({ status: 500 }));
    const store = createTestStore();
    await fetchPets(store.dispatch, USER_ID);
    expect(store.getState().pets.error).toBe('Failed to fetch pets');
    expect(store.getState().pets.loading).toBe(false);
  });

  it('refuses to add a pet without the stored user id ("User ID is required"), sending nothing', async () => {
    storeSession({ id: USER_ID });
    const xhrCalls = mockXhr(() => ({ status: 201, body: {} }));
    const store = createTestStore();
    const form = new FormData();
    form.append('name', 'Rex');
    const outcome = await addPet(store.dispatch, null, form);
    expect(outcome).toEqual({ ok: false, message: PET_MESSAGES.noUserId });
    expect(PET_MESSAGES.noUserId).toBe('User ID is required');
    expect(xhrCalls).toHaveLength(0);
    expect(store.getState().pets.adding).toBe(false);
  });

  it('adds a pet from the modal: multipart with userId, empty fields left out, card shown', async () => {
    storeSession({ id: USER_ID });
    mockFetch(({ url }) =>
      url.startsWith('/api/pets/user/')
        ? { status: 200, body: { success: true, result: [] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const created = makePet({ _id: 'bbbbbbbbbbbbbbbbbbbbbbb2', name: 'Pepper', breed: null });
    const xhrCalls = mockXhr(() => ({ status: 201, body: { success: true, result: created } }));
    const { store } = renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add your first pet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pet' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Pepper');
    await user.type(within(dialog).getByLabelText('Age (years)'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Add pet' }));

    expect(await screen.findByRole('heading', { name: 'Pepper' })).toBeInTheDocument();
    expect(xhrCalls).toHaveLength(1);
    expect(xhrCalls[0]).toMatchObject({ method: 'POST', url: '/api/pets' });
    const body = xhrCalls[0]!.body!;
    expect(body.get('userId')).toBe(USER_ID);
    expect(body.get('name')).toBe('Pepper');
    expect(body.get('age')).toBe('3');
    expect(body.has('breed')).toBe(false);
    expect(body.has('care_notes')).toBe(false);
    expect(store.getState().pets.items).toHaveLength(1);
    expect(store.getState().pets.selectedIndex).toBe(0);
  });

  it('sends userId before the photo, so the API can refuse before receiving it', async () => {
    storeSession({ id: USER_ID });
    const xhrCalls = mockXhr(() => ({ status: 201, body: { success: true, result: makePet() } }));
    const form = new FormData();
    form.append('name', 'Rex');
    form.append('photo', new File(['png'], 'rex.png', { type: 'image/png' }));
    await addPet(createTestStore().dispatch, USER_ID, form);
    expect([...xhrCalls[0]!.body!.keys()]).toEqual(['userId', 'name', 'photo']);
    expect((xhrCalls[0]!.body!.get('photo') as File).name).toBe('rex.png');
  });

  it("shows the API's pet limit message in the add dialog", async () => {
    storeSession({ id: USER_ID });
    mockFetch(({ url }) =>
      url.startsWith('/api/pets/user/')
        ? { status: 200, body: { success: true, result: [makePet()] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const limit = 'You can have at most 50 pets on your profile';
    mockXhr(() => ({ status: 409, body: { message: limit } }));
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /add (a )?pet/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a pet' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Pepper');
    await user.click(within(dialog).getByRole('button', { name: 'Add pet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
  });

  it('edits a pet with PUT /api/pets/{id} and shows the server message on failure', async () => {
    storeSession({ id: USER_ID });
    const pet = makePet();
    mockFetch(({ url }) =>
      url.startsWith('/api/pets/user/')
        ? { status: 200, body: { success: true, result: [pet] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    let attempt = 0;
    const xhrCalls = mockXhr(() => {
      attempt += 1;
      return attempt === 1
        ? { status: 400, body: { message: 'weight: Number must be at most 200' } }
        : { status: 200, body: { success: true, result: { ...pet, name: 'Biscuit Jr' } } };
    });
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Biscuit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Biscuit' });
    const name = within(dialog).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Biscuit Jr');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'weight: Number must be at most 200',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('heading', { name: 'Biscuit Jr' })).toBeInTheDocument();
    expect(xhrCalls[1]).toMatchObject({ method: 'PUT', url: `/api/pets/${pet._id}` });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends an emptied medical note in clear, since empty values are left out of the form', async () => {
    storeSession({ id: USER_ID });
    const pet = makePet({ medical_notes: 'Allergic to chicken' });
    mockFetch(({ url }) =>
      url.startsWith('/api/pets/user/')
        ? { status: 200, body: { success: true, result: [pet] } }
        : { status: 200, body: { success: true, allNotifications: [] } },
    );
    const xhrCalls = mockXhr(() => ({
      status: 200,
      body: { success: true, result: { ...pet, medical_notes: null } },
    }));
    renderApp('/pet-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Biscuit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Biscuit' });
    await user.clear(within(dialog).getByLabelText(/^Medical notes/));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(xhrCalls).toHaveLength(1));
    const sent = xhrCalls[0]!.body!;
    expect(sent.has('medical_notes')).toBe(false);
    expect(sent.get('clear')).toBe('["medical_notes"]');
  });

  describe('removing a pet', () => {
    const rex = makePet({ _id: 'bbbbbbbbbbbbbbbbbbbbbbb2', name: 'Rex' });
    const biscuit = makePet();

    function openScreen(reply: (call: { url: string; method: string }) => Answer | undefined) {
      storeSession({ id: USER_ID });
      const calls = mockFetch((call) => {
        const answer = reply(call);
        if (answer) return answer;
        return call.url.startsWith('/api/pets/user/')
          ? { status: 200, body: { success: true, result: [biscuit, rex] } }
          : { status: 200, body: { success: true, allNotifications: [] } };
      });
      return { calls, ...renderApp('/pet-details') };
    }
    const deleteCalls = (calls: { url: string; method: string }[]) =>
      calls.filter((c) => c.method === 'DELETE');

    it('asks first, then removes the pet from the list with a notice', async () => {
      const { calls, store } = openScreen((call) =>
        call.method === 'DELETE'
          ? { status: 200, body: { success: true, message: 'Pet removed' } }
          : undefined,
      );
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Remove Rex' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove Rex?' });
      expect(dialog).toHaveTextContent('Rex leaves your profile');
      expect(dialog).toHaveTextContent('past bookings keep Rex');
      expect(deleteCalls(calls)).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
      expect(await screen.findByRole('status')).toHaveTextContent('Rex was removed.');
      expect(deleteCalls(calls)).toEqual([
        expect.objectContaining({ url: `/api/pets/${rex._id}` }),
      ]);
      expect(screen.queryByRole('heading', { name: 'Rex' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Biscuit' })).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The Remove button is gone with the card: the notice has the focus, not <body>.
      await waitFor(() => expect(screen.getByRole('status')).toHaveFocus());
      expect(store.getState().pets.items.map((p) => p.name)).toEqual(['Biscuit']);
      expect(store.getState().pets.removing).toBe(false);
    });

    it('keeps the pet when the owner changes their mind', async () => {
      const { calls } = openScreen(() => undefined);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Remove Rex' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove Rex?' });
      await user.click(within(dialog).getByRole('button', { name: 'Keep Rex' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('heading', { name: 'Rex' })).toBeInTheDocument();
      expect(deleteCalls(calls)).toHaveLength(0);
    });

    it("shows the API's message when the pet is still on a booking (409)", async () => {
      const busy = 'Rex is on a booking that is not over yet. Cancel or finish it first.';
      const { store } = openScreen((call) =>
        call.method === 'DELETE' ? { status: 409, body: { message: busy } } : undefined,
      );
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Remove Rex' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove Rex?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(busy);
      expect(store.getState().pets.items).toHaveLength(2);
      expect(store.getState().pets.removing).toBe(false);
      expect(screen.queryByText('Rex was removed.')).not.toBeInTheDocument();
    });

    it('keeps the selection on the same pet, or goes back to the first', () => {
      const store = createTestStore();
      const pets = ['A', 'B', 'C'].map((name, i) =>
        makePet({ _id: `bbbbbbbbbbbbbbbbbbbbbbc${i}`, name }),
      );
      store.dispatch(petsLoaded(pets));
      store.dispatch(petSelected(2));
      store.dispatch(petRemoved(pets[0]!._id));
      expect(store.getState().pets.selectedIndex).toBe(1);
      expect(store.getState().pets.items[1]!.name).toBe('C');
      store.dispatch(petRemoved(pets[2]!._id));
      expect(store.getState().pets.selectedIndex).toBe(0);
      expect(store.getState().pets.items.map((p) => p.name)).toEqual(['B']);
    });
  });
});
