import { createSlice } from '@reduxjs/toolkit';

// Filled in by the pets feature (loading/adding/updating flags, SPEC §4).
export type PetsState = {
  items: Array<Record<string, unknown> & { _id: string }>;
  selectedIndex: number;
  loading: boolean;
  adding: boolean;
  updating: boolean;
  error: string | null;
};

const initialState: PetsState = {
  items: [],
  selectedIndex: 0,
  loading: false,
  adding: false,
  updating: false,
  error: null,
};

const petsSlice = createSlice({ name: 'pets', initialState, reducers: {} });

export const petsReducer = petsSlice.reducer;
