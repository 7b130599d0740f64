import { createAsyncThunk, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { ApiError, getErrorMessage, loadFailure } from '../../lib/api-error';
import {
  BOOKING_MESSAGES,
  bookingsApi,
  type Booking,
  type BookingReview,
  type Decision,
  type StatusChange,
} from './bookings-api';

/** What the request form hands to checkout (kept in the persisted booking state). */
export type BookingDraft = {
  service: string;
  pets: string[];
  startDate: string;
  endDate: string;
  notes: string;
  /** The sitter asked directly (from ?providerId=), if any. */
  providerId: string | null;
  /** Sitters invited after creation ("send to several sitters"), at most five. */
  inviteProviderIds: string[];
  /**
   * The form's query string when the draft was saved ("providerId=…&service=…"), so the
   * browser's Back from checkout to that same address restores what was typed there.
   */
  formAddress?: string;
  /** Checkout's credits choice, so a reload keeps it: applying them or not, and how many cents. */
  credits?: { applying: boolean; cents: number };
};

// Client-side status per SPEC §4.
export type BookingState = {
  status: 'idle' | 'pending' | 'success' | 'failed';
  items: Booking[];
  current: Booking | null;
  reviews: BookingReview[];
  error: string | null;
  /** Whether trying the failed read of `current` again could help (network, 5xx). */
  errorRetryable?: boolean;
  draft: BookingDraft | null;
};

const initialState: BookingState = {
  status: 'idle',
  items: [],
  current: null,
  reviews: [],
  error: null,
  draft: null,
};

type Rejected = { rejectValue: string };

/** What each invitation that could not be sent was refused with ("Nora is away from …"). */
export type CreateBookingResult = { booking: Booking; failedInvites: string[] };

/** POST …/send-request for each sitter; the refusals' messages, in the sitters' order. */
export async function sendInvites(bookingId: string, providerIds: readonly string[]) {
  const results = await Promise.allSettled(
    providerIds.map((providerId) => bookingsApi.sendRequest(bookingId, providerId)),
  );
  return results.flatMap((r) =>
    r.status === 'rejected' ? [getErrorMessage(r.reason, BOOKING_MESSAGES.inviteFailed)] : [],
  );
}

/** POST /api/booking/, then the invitations of a "several sitters" request. */
export const createBooking = createAsyncThunk<
  CreateBookingResult,
  { draft: BookingDraft; creditsToApply: number },
  Rejected
>('booking/create', async ({ draft, creditsToApply }, { rejectWithValue }) => {
  let booking: Booking;
  try {
    const { data } = await bookingsApi.create({
      service: draft.service,
      pets: draft.pets,
      startDate: draft.startDate,
      endDate: draft.endDate,
      notes: draft.notes,
      provider_id: draft.providerId,
      creditsToApply: draft.providerId ? creditsToApply : 0,
    });
    booking = data.data;
  } catch (error) {
    return rejectWithValue(getErrorMessage(error, BOOKING_MESSAGES.createFailed));
  }
  const invites = draft.providerId ? [] : draft.inviteProviderIds;
  return { booking, failedInvites: await sendInvites(booking._id, invites) };
});

/** GET /api/booking/{id}: the booking and the reviews the caller may read. */
export const fetchBooking = createAsyncThunk<
  { booking: Booking; reviews: BookingReview[] },
  string,
  Rejected & { rejectedMeta: { retryable: boolean } }
>('booking/fetch', async (id, { rejectWithValue }) => {
  try {
    const { data } = await bookingsApi.get(id);
    return data;
  } catch (error) {
    const failure = loadFailure(error, BOOKING_MESSAGES.notFound, BOOKING_MESSAGES.fetchFailed);
    return rejectWithValue(failure.message, { retryable: failure.retryable });
  }
});

/** A 409 means the booking moved on meanwhile (the other party acted): show what it is now. */
function refetchOnConflict(error: unknown, id: string, dispatch: (action: unknown) => unknown) {
  if (error instanceof ApiError && error.status === 409) void dispatch(fetchBooking(id));
}

/** PUT /api/booking/accept/{id} with a decision on a request. */
export const decideBookingRequest = createAsyncThunk<
  Booking,
  { id: string; providerId: string; decision: Decision },
  Rejected
>('booking/decide', async ({ id, providerId, decision }, { dispatch, rejectWithValue }) => {
  try {
    const { data } = await bookingsApi.decide(id, providerId, decision);
    return data.data;
  } catch (error) {
    refetchOnConflict(error, id, dispatch);
    return rejectWithValue(getErrorMessage(error, BOOKING_MESSAGES.statusFailed));
  }
});

/** PUT /api/booking/accept/{id} with a status (start, complete, cancel). */
export const updateBookingStatus = createAsyncThunk<
  Booking,
  { id: string; change: StatusChange },
  Rejected
>('booking/updateStatus', async ({ id, change }, { dispatch, rejectWithValue }) => {
  try {
    const { data } = await bookingsApi.changeStatus(id, change);
    return data.data;
  } catch (error) {
    refetchOnConflict(error, id, dispatch);
    return rejectWithValue(getErrorMessage(error, BOOKING_MESSAGES.statusFailed));
  }
});

const thunks = [createBooking, fetchBooking, decideBookingRequest, updateBookingStatus] as const;

/** SPEC §4: the booking's status and provider_id come from the server's answer. */
function applyServerBooking(state: BookingState, booking: Booking) {
  if (state.current && state.current._id === booking._id) {
    state.current = { ...state.current, ...booking };
    state.current.status = booking.status;
    state.current.provider_id = booking.provider_id;
  }
  const index = state.items.findIndex((item) => item._id === booking._id);
  if (index >= 0) state.items[index] = booking;
}

const bookingSlice = createSlice({
  name: 'booking',
  initialState,
  reducers: {
    draftSaved(state, action: PayloadAction<BookingDraft>) {
      state.draft = action.payload;
      state.status = 'idle';
      state.error = null;
    },
    draftCleared(state) {
      state.draft = null;
    },
    draftCreditsChosen(state, action: PayloadAction<{ applying: boolean; cents: number }>) {
      if (state.draft) state.draft.credits = action.payload;
    },
    bookingsLoaded(state, action: PayloadAction<Booking[]>) {
      state.items = action.payload;
    },
    reviewAdded(state, action: PayloadAction<BookingReview>) {
      state.reviews = [
        ...state.reviews.filter((r) => r._id !== action.payload._id),
        action.payload,
      ];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(createBooking.fulfilled, (state, action) => {
        state.current = action.payload.booking;
        state.reviews = [];
        state.draft = null;
      })
      .addCase(fetchBooking.fulfilled, (state, action) => {
        state.current = action.payload.booking;
        state.reviews = action.payload.reviews;
      })
      .addCase(fetchBooking.rejected, (state, action) => {
        state.errorRetryable = action.payload === undefined || action.meta.retryable;
      })
      .addMatcher(isAnyOf(decideBookingRequest.fulfilled, updateBookingStatus.fulfilled), (s, a) =>
        applyServerBooking(s, a.payload),
      )
      .addMatcher(isAnyOf(...thunks.map((t) => t.pending)), (state) => {
        state.status = 'pending';
        state.error = null;
      })
      .addMatcher(isAnyOf(...thunks.map((t) => t.fulfilled)), (state) => {
        state.status = 'success';
      })
      .addMatcher(isAnyOf(...thunks.map((t) => t.rejected)), (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? action.error.message ?? BOOKING_MESSAGES.fetchFailed;
      });
  },
});

export const { draftSaved, draftCleared, draftCreditsChosen, bookingsLoaded, reviewAdded } =
  bookingSlice.actions;
export const bookingReducer = bookingSlice.reducer;
