import { createSlice } from '@reduxjs/toolkit';

// Filled in by the bookings feature. Client-side status per SPEC §4.
export type BookingState = {
  status: 'idle' | 'pending' | 'success' | 'failed';
  items: Array<Record<string, unknown>>;
  current: Record<string, unknown> | null;
  error: string | null;
};

const initialState: BookingState = { status: 'idle', items: [], current: null, error: null };

const bookingSlice = createSlice({ name: 'booking', initialState, reducers: {} });

export const bookingReducer = bookingSlice.reducer;
