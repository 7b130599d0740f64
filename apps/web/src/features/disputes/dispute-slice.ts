import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getErrorMessage, loadFailure } from '../../lib/api-error';
import {
  initialListPaging,
  isStalePage,
  mayLoadPage,
  mergeListPage,
  pageArrived,
  pageFailed,
  pageRequested,
  type ListPaging,
} from '../../lib/list-pages';
import {
  DISPUTE_MESSAGES,
  disputesApi,
  type Dispute,
  type DisputeListParams,
  type DisputePage,
  type DisputeStatusChange,
  type NewDispute,
} from './disputes-api';
import { nameRefusedFile } from './lib/refused-file';

export type DisputeState = {
  /** The list on screen (mine, or all for an admin), growing page by page (LoadMore). */
  items: Dispute[];
  /** The dispute on screen. */
  current: Dispute | null;
  /** The paging fields of the last list answer. */
  page?: Omit<DisputePage, 'data'> | null;
  paging: ListPaging;
  loading: boolean;
  /** A create or status change is on its way. */
  saving?: boolean;
  /** Why the list or the dispute on screen could not be read. */
  error: string | null;
  /** Why the last create or status change failed: shown by its form, never by the list. */
  saveError?: string | null;
  /** Whether trying the failed read of the dispute again could help (network, 5xx). */
  errorRetryable?: boolean;
};

export const initialDisputeState: DisputeState = {
  items: [],
  current: null,
  page: null,
  paging: initialListPaging,
  loading: false,
  saving: false,
  error: null,
  saveError: null,
};

/** The filters of a list request (what makes its pages belong together). */
const listKey = (params: DisputeListParams) => params.status ?? '';

const fail = (fallback: string) => (error: unknown) => getErrorMessage(error, fallback);

export const fetchDisputes = createAsyncThunk<
  DisputePage,
  DisputeListParams,
  { rejectValue: string }
>(
  'dispute/fetchList',
  (params, { rejectWithValue }) =>
    disputesApi
      .list(params)
      .catch((e: unknown) => rejectWithValue(fail(DISPUTE_MESSAGES.fetchListFailed)(e))),
  {
    condition: (params, { getState }) =>
      mayLoadPage(
        (getState() as { dispute: DisputeState }).dispute.paging,
        params.page ?? 1,
        listKey(params),
      ),
  },
);

export const fetchDispute = createAsyncThunk<
  Dispute,
  string,
  { rejectValue: string; rejectedMeta: { retryable: boolean } }
>('dispute/fetchOne', (id, { rejectWithValue }) =>
  disputesApi.get(id).catch((e: unknown) => {
    const failure = loadFailure(e, DISPUTE_MESSAGES.notFound, DISPUTE_MESSAGES.fetchOneFailed);
    return rejectWithValue(failure.message, { retryable: failure.retryable });
  }),
);

export const createDispute = createAsyncThunk<Dispute, NewDispute, { rejectValue: string }>(
  'dispute/create',
  (input, { rejectWithValue }) =>
    disputesApi.create(input).catch((e: unknown) => {
      const message = fail(DISPUTE_MESSAGES.createFailed)(e);
      return rejectWithValue(nameRefusedFile(message, e, input.files ?? []));
    }),
);

export const updateDisputeStatus = createAsyncThunk<
  Dispute,
  { id: string; change: DisputeStatusChange },
  { rejectValue: string }
>('dispute/updateStatus', ({ id, change }, { rejectWithValue }) =>
  disputesApi
    .updateStatus(id, change)
    .catch((e: unknown) => rejectWithValue(fail(DISPUTE_MESSAGES.updateFailed)(e))),
);

/** SPEC §4: a status change updates the list and the detail in place, without a refetch. */
function replaceLocally(state: DisputeState, dispute: Dispute) {
  const i = state.items.findIndex((d) => d._id === dispute._id);
  if (i >= 0) state.items[i] = dispute;
  if (!state.current || state.current._id === dispute._id) state.current = dispute;
}

const disputeSlice = createSlice({
  name: 'dispute',
  initialState: initialDisputeState,
  reducers: {
    disputeErrorCleared(state) {
      state.error = null;
      state.saveError = null;
    },
    /** A form opened afresh (another booking, another dispute) starts without the last failure. */
    disputeSaveErrorCleared(state) {
      state.saveError = null;
    },
    disputeReceived(state, action: PayloadAction<Dispute>) {
      replaceLocally(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchDisputes.pending, (state, { meta }) => {
        if (pageRequested(state.paging, meta.arg.page ?? 1, listKey(meta.arg))) return;
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchDisputes.fulfilled, (state, { payload, meta }) => {
        if (isStalePage(state.paging, listKey(meta.arg))) return;
        const { data, ...page } = payload;
        const pageNo = meta.arg.page ?? 1;
        state.items = mergeListPage(state.items, data, pageNo, (d) => d._id);
        state.page = page;
        pageArrived(state.paging, pageNo, {
          hasMore: page.hasMore,
          count: data.length,
          shownCount: state.items.length,
        });
        if (pageNo === 1) state.loading = false;
      })
      .addCase(fetchDisputes.rejected, (state, action) => {
        if (isStalePage(state.paging, listKey(action.meta.arg))) return;
        const message = action.payload ?? DISPUTE_MESSAGES.fetchListFailed;
        if (pageFailed(state.paging, action.meta.arg.page ?? 1, message)) return;
        state.loading = false;
        state.error = message;
      })
      .addCase(fetchDispute.pending, (state, action) => {
        state.loading = true;
        state.error = null;
        if (state.current?._id !== action.meta.arg) state.current = null;
      })
      .addCase(fetchDispute.fulfilled, (state, action) => {
        state.loading = false;
        state.current = action.payload;
      })
      .addCase(fetchDispute.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? DISPUTE_MESSAGES.fetchOneFailed;
        state.errorRetryable = action.payload === undefined || action.meta.retryable;
      })
      .addCase(createDispute.pending, (state) => {
        state.saving = true;
        state.saveError = null;
      })
      .addCase(createDispute.fulfilled, (state, action) => {
        state.saving = false;
        state.current = action.payload;
        state.items.unshift(action.payload);
      })
      .addCase(createDispute.rejected, (state, action) => {
        state.saving = false;
        state.saveError = action.payload ?? DISPUTE_MESSAGES.createFailed;
      })
      .addCase(updateDisputeStatus.pending, (state) => {
        state.saving = true;
        state.saveError = null;
      })
      .addCase(updateDisputeStatus.fulfilled, (state, action) => {
        state.saving = false;
        replaceLocally(state, action.payload);
      })
      .addCase(updateDisputeStatus.rejected, (state, action) => {
        state.saving = false;
        state.saveError = action.payload ?? DISPUTE_MESSAGES.updateFailed;
      });
  },
});

export const { disputeErrorCleared, disputeSaveErrorCleared, disputeReceived } =
  disputeSlice.actions;
export const disputeReducer = disputeSlice.reducer;
