import { createSlice } from '@reduxjs/toolkit';

// Filled in by the chat feature: open flag, selected booking, owner, provider (SPEC §2).
export type ChatModalState = {
  open: boolean;
  selectedBooking: string | null;
  owner: Record<string, unknown> | null;
  provider: Record<string, unknown> | null;
};

const initialState: ChatModalState = {
  open: false,
  selectedBooking: null,
  owner: null,
  provider: null,
};

const chatModalSlice = createSlice({ name: 'chatModal', initialState, reducers: {} });

export const chatModalReducer = chatModalSlice.reducer;
