import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { getErrorMessage } from '../../lib/api-error';
import { PET_MESSAGES, petsApi, type Pet } from './pets-api';

export type PetsState = {
  items: Pet[];
  /** The pet shown first / being looked at (SPEC §4: defaults to 0). */
  selectedIndex: number;
  loading: boolean;
  adding: boolean;
  updating: boolean;
  removing: boolean;
  error: string | null;
};

export const initialPetsState: PetsState = {
  items: [],
  selectedIndex: 0,
  loading: false,
  adding: false,
  updating: false,
  removing: false,
  error: null,
};

const petsSlice = createSlice({
  name: 'pets',
  initialState: initialPetsState,
  reducers: {
    petsRequested(state) {
      state.loading = true;
      state.error = null;
    },
    petsLoaded(state, action: PayloadAction<Pet[]>) {
      state.items = action.payload;
      state.loading = false;
      if (state.selectedIndex >= action.payload.length) state.selectedIndex = 0;
    },
    petsFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    petSaving(state, action: PayloadAction<'adding' | 'updating' | 'removing'>) {
      state[action.payload] = true;
    },
    petSaveEnded(state) {
      state.adding = false;
      state.updating = false;
      state.removing = false;
    },
    petAdded(state, action: PayloadAction<Pet>) {
      state.items.push(action.payload);
      state.adding = false;
    },
    petUpdated(state, action: PayloadAction<Pet>) {
      const index = state.items.findIndex((p) => p._id === action.payload._id);
      if (index >= 0) state.items[index] = action.payload;
      state.updating = false;
    },
    /** Off the list; the selection stays on the pet it was on, or goes back to the first. */
    petRemoved(state, action: PayloadAction<string>) {
      const index = state.items.findIndex((p) => p._id === action.payload);
      state.removing = false;
      if (index < 0) return;
      state.items.splice(index, 1);
      if (state.selectedIndex > index) state.selectedIndex -= 1;
      else if (state.selectedIndex === index || state.selectedIndex >= state.items.length)
        state.selectedIndex = 0;
    },
    petSelected(state, action: PayloadAction<number>) {
      state.selectedIndex = action.payload;
    },
  },
});

export const {
  petsRequested,
  petsLoaded,
  petsFailed,
  petSaving,
  petSaveEnded,
  petAdded,
  petUpdated,
  petRemoved,
  petSelected,
} = petsSlice.actions;
export const petsReducer = petsSlice.reducer;

export const selectPets = (state: RootState): Pet[] => state.pets.items;

const OWN_MESSAGES: string[] = [PET_MESSAGES.noToken, PET_MESSAGES.noUserId];

/** Our own validation messages as they are; otherwise the server's message or the fallback. */
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && OWN_MESSAGES.includes(error.message)
    ? error.message
    : getErrorMessage(error, fallback);

export async function fetchPets(dispatch: Dispatch, userId: string | null | undefined) {
  dispatch(petsRequested());
  try {
    dispatch(petsLoaded(await petsApi.list(userId)));
  } catch (error) {
    dispatch(petsFailed(messageOf(error, PET_MESSAGES.fetchFailed)));
  }
}

export type SaveOutcome = { ok: true; pet: Pet } | { ok: false; message: string };

export async function addPet(
  dispatch: Dispatch,
  userId: string | null | undefined,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<SaveOutcome> {
  dispatch(petSaving('adding'));
  try {
    const pet = await petsApi.add(userId, form, onProgress);
    dispatch(petAdded(pet));
    return { ok: true, pet };
  } catch (error) {
    dispatch(petSaveEnded());
    return { ok: false, message: messageOf(error, PET_MESSAGES.addFailed) };
  }
}

export async function updatePet(
  dispatch: Dispatch,
  petId: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<SaveOutcome> {
  dispatch(petSaving('updating'));
  try {
    const pet = await petsApi.update(petId, form, onProgress);
    dispatch(petUpdated(pet));
    return { ok: true, pet };
  } catch (error) {
    dispatch(petSaveEnded());
    return { ok: false, message: messageOf(error, PET_MESSAGES.updateFailed) };
  }
}

export type RemoveOutcome = { ok: true } | { ok: false; message: string };

/** DELETE the pet; on a refusal (409: still on a booking) the API's message, the list unchanged. */
export async function removePet(dispatch: Dispatch, petId: string): Promise<RemoveOutcome> {
  dispatch(petSaving('removing'));
  try {
    await petsApi.remove(petId);
    dispatch(petRemoved(petId));
    return { ok: true };
  } catch (error) {
    dispatch(petSaveEnded());
    return { ok: false, message: messageOf(error, PET_MESSAGES.removeFailed) };
  }
}
