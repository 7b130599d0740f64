import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '../../app/root-reducer';
import { ApiError, getErrorMessage } from '../../lib/api-error';
import { NO_TOKEN_MESSAGE } from '../../lib/session';
import { pageOfList, type ListPage } from '../../lib/use-paged-list';
import {
  KYC_MESSAGES,
  kycApi,
  type KycListParams,
  type KycMessage,
  type KycRecord,
} from './kyc-api';

export type KycState = {
  /** The record on screen: the user's newest, or the one an admin reviews. */
  data: KycRecord | null;
  /** The user's records, newest first (the admin list keeps its own pages: kyc-listing-screen). */
  records: KycRecord[];
  /** SPEC §4/§9: PENDING until a record says otherwise. */
  status: KycRecord['status'];
  loading: boolean;
  error: string | null;
  message: string | null;
};

export const initialKycState: KycState = {
  data: null,
  records: [],
  status: 'PENDING',
  loading: false,
  error: null,
  message: null,
};

const kycSlice = createSlice({
  name: 'kyc',
  initialState: initialKycState,
  reducers: {
    kycRequested(state) {
      state.loading = true;
      state.error = null;
    },
    kycRecordsLoaded(state, action: PayloadAction<KycRecord[]>) {
      state.records = action.payload;
      state.data = action.payload[0] ?? null;
      state.status = state.data?.status ?? 'PENDING';
      state.loading = false;
    },
    kycRecordLoaded(state, action: PayloadAction<KycRecord>) {
      state.data = action.payload;
      state.status = action.payload.status;
      const i = state.records.findIndex((r) => r._id === action.payload._id);
      if (i >= 0) state.records[i] = action.payload;
      else state.records.unshift(action.payload);
      state.loading = false;
    },
    /** SPEC §4: an error saying there are no records clears the KYC data. */
    kycFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
      if (action.payload.includes(KYC_MESSAGES.noRecords)) {
        state.data = null;
        state.records = [];
        state.status = 'PENDING';
      }
    },
    kycConversationUpdated(
      state,
      action: PayloadAction<{ kycId: string; conversation: KycMessage[] }>,
    ) {
      const { kycId, conversation } = action.payload;
      if (state.data?._id === kycId) state.data.conversation = conversation;
      const r = state.records.find((x) => x._id === kycId);
      if (r) r.conversation = conversation;
    },
    kycMessageShown(state, action: PayloadAction<string | null>) {
      state.message = action.payload;
    },
  },
});

export const {
  kycRequested,
  kycRecordsLoaded,
  kycRecordLoaded,
  kycFailed,
  kycConversationUpdated,
  kycMessageShown,
} = kycSlice.actions;
export const kycReducer = kycSlice.reducer;
export const selectKyc = (state: RootState): KycState => state.kyc;

const OWN: string[] = [NO_TOKEN_MESSAGE, KYC_MESSAGES.missingCredentials];
const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && OWN.includes(error.message)
    ? error.message
    : getErrorMessage(error, fallback);

/** The user's records (own, or any user's for an admin); quiet = a poll, no loading flag. */
export async function fetchUserKyc(
  dispatch: Dispatch,
  userId: string,
  options: { asAdmin?: boolean; quiet?: boolean } = {},
) {
  if (!options.quiet) dispatch(kycRequested());
  try {
    dispatch(kycRecordsLoaded(await kycApi.byUser(userId)));
  } catch (error) {
    const fallback = options.quiet
      ? KYC_MESSAGES.pollFailed
      : options.asAdmin
        ? KYC_MESSAGES.fetchUserFailed
        : KYC_MESSAGES.fetchFailed;
    dispatch(kycFailed(messageOf(error, fallback)));
  }
}

/** An admin's refresh of the record under review, by its id. */
export async function fetchKycById(dispatch: Dispatch, kycId: string, quiet = false) {
  if (!quiet) dispatch(kycRequested());
  try {
    dispatch(kycRecordLoaded(await kycApi.byId(kycId)));
  } catch (error) {
    dispatch(
      kycFailed(messageOf(error, quiet ? KYC_MESSAGES.pollFailed : KYC_MESSAGES.fetchFailed)),
    );
  }
}

/** One page of the admin list (GET /api/kyc), for usePagedList; fails with the message to show. */
export async function fetchKycPage(params: KycListParams): Promise<ListPage<KycRecord>> {
  try {
    return pageOfList(await kycApi.list(params));
  } catch (error) {
    throw new Error(messageOf(error, KYC_MESSAGES.fetchFailed), { cause: error });
  }
}

export type Outcome = { ok: true } | { ok: false; message: string };

export async function submitKyc(
  dispatch: Dispatch,
  userId: string | null | undefined,
  input: Parameters<typeof kycApi.submit>[1],
  onProgress?: (percent: number) => void,
): Promise<Outcome> {
  try {
    dispatch(kycRecordLoaded(await kycApi.submit(userId, input, onProgress)));
    return { ok: true };
  } catch (error) {
    return { ok: false, message: messageOf(error, KYC_MESSAGES.addFailed) };
  }
}

/** SPEC §4: after a decision the user's KYC data is refetched and the outcome announced. */
export async function verifyKyc(
  dispatch: Dispatch,
  userId: string,
  action: 'VERIFIED' | 'REJECTED',
  rejectionReason?: string,
  seen?: Pick<KycRecord, '_id' | 'status'>,
): Promise<Outcome> {
  try {
    await kycApi.verify(userId, action, rejectionReason, seen);
  } catch (error) {
    return { ok: false, message: messageOf(error, KYC_MESSAGES.verifyFailed) };
  }
  await fetchUserKyc(dispatch, userId, { asAdmin: true });
  dispatch(kycMessageShown(action === 'VERIFIED' ? KYC_MESSAGES.verified : KYC_MESSAGES.rejected));
  return { ok: true };
}

export async function sendKycMessage(
  dispatch: Dispatch,
  kycId: string,
  text: string,
  sender: string | undefined,
): Promise<Outcome> {
  try {
    const { conversation } = await kycApi.sendMessage(kycId, text, sender);
    dispatch(kycConversationUpdated({ kycId, conversation }));
    return { ok: true };
  } catch (error) {
    // SPEC §8 words a failed send without a server message by its status.
    const fallback =
      error instanceof ApiError ? `HTTP error! status: ${error.status}` : KYC_MESSAGES.sendFailed;
    return { ok: false, message: messageOf(error, fallback) };
  }
}
