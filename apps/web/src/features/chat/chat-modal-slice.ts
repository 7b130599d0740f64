import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedIn } from '../auth';

/** A party as the modal shows it (from the booking the chat was opened on). */
export type ChatPartyRef = { _id: string; firstName: string; lastName: string };

/** The chat modal (SPEC §2): open flag, selected booking, owner, provider. Persisted. */
export type ChatModalState = {
  open: boolean;
  selectedBooking: string | null;
  owner: ChatPartyRef | null;
  provider: ChatPartyRef | null;
};

const initialState: ChatModalState = {
  open: false,
  selectedBooking: null,
  owner: null,
  provider: null,
};

const chatModalSlice = createSlice({
  name: 'chatModal',
  initialState,
  reducers: {
    chatModalOpened(
      _state,
      action: PayloadAction<{
        bookingId: string;
        owner: ChatPartyRef | null;
        provider: ChatPartyRef | null;
      }>,
    ) {
      const { bookingId, owner, provider } = action.payload;
      return { open: true, selectedBooking: bookingId, owner, provider };
    },
    chatModalClosed() {
      return initialState;
    },
  },
  // A modal left open by the previous user must not greet the next one.
  extraReducers: (builder) => builder.addCase(loggedIn, () => initialState),
});

export const { chatModalOpened, chatModalClosed } = chatModalSlice.actions;
export const chatModalReducer = chatModalSlice.reducer;
