import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MessagesMeta, SendMessageBody } from '@pawsy/contract';
import { getErrorMessage, isMissingRecord } from '../../lib/api-error';
import { loggedIn } from '../auth';
import { CHAT_MESSAGES, chatApi, type ChatMessage, type Conversation } from './chat-api';
import {
  initialListPaging,
  mayLoadPage,
  mergeListPage,
  pageArrived,
  pageFailed,
  pageRequested,
  type ListPaging,
} from '../../lib/list-pages';
import { addToFront, conversationKey, mergePage, threadKey } from './chat-model';

export type ChatState = {
  /** Whose chat this is: another user's login clears everything (SPEC §4). */
  userId: string | null;
  conversations: Conversation[];
  conversationsMeta: MessagesMeta | null;
  /** The list grows page by page (LoadMore); polls refresh page 1 and keep the rest. */
  conversationsPaging: ListPaging;
  /** Per booking id, newest message first (every message of the booking the user has read). */
  threads: Record<string, ChatMessage[]>;
  /** Per threadKey: the booking's, or its messages with one party (`withUserId`). */
  threadMeta: Record<string, MessagesMeta>;
  /** Per booking id, why its thread is not there (404: no such booking, or not the caller's). */
  missingThreads?: Record<string, string>;
  polling: boolean;
  loading: boolean;
  /** Why the conversation list did not load. */
  error: string | null;
  /**
   * Why the open thread did not load or a message did not go: apart from `error`, so the list's
   * next successful poll does not take it away.
   */
  threadError?: string | null;
  /** Per threadKey, what was typed and not sent yet: closing the chat keeps it. */
  drafts?: Record<string, string>;
};

export const initialChatState: ChatState = {
  userId: null,
  conversations: [],
  conversationsMeta: null,
  conversationsPaging: initialListPaging,
  threads: {},
  threadMeta: {},
  missingThreads: {},
  polling: false,
  loading: false,
  error: null,
  threadError: null,
};

const fail = (fallback: string) => (error: unknown) => getErrorMessage(error, fallback);

export const fetchConversations = createAsyncThunk<
  Awaited<ReturnType<typeof chatApi.conversations>>,
  number | undefined,
  { rejectValue: string }
>(
  'chat/fetchConversations',
  (page, { rejectWithValue }) =>
    chatApi
      .conversations(page)
      .catch((e) => rejectWithValue(fail(CHAT_MESSAGES.conversationsFailed)(e))),
  {
    // A later page only once, and only the next one (the sentinel may fire twice).
    condition: (page = 1, { getState }) => {
      return mayLoadPage((getState() as { chat: ChatState }).chat.conversationsPaging, page);
    },
  },
);

export const fetchThread = createAsyncThunk<
  Awaited<ReturnType<typeof chatApi.thread>>,
  { bookingId: string; page?: number; withUserId?: string },
  { rejectValue: string; rejectedMeta: { missing: boolean } }
>('chat/fetchThread', ({ bookingId, page, withUserId }, { rejectWithValue }) =>
  chatApi
    .thread(bookingId, page, withUserId)
    .catch((e) =>
      rejectWithValue(fail(CHAT_MESSAGES.threadFailed)(e), { missing: isMissingRecord(e) }),
    ),
);

export const sendMessage = createAsyncThunk<ChatMessage, SendMessageBody, { rejectValue: string }>(
  'chat/sendMessage',
  (body, { rejectWithValue }) =>
    chatApi.send(body).catch((e) => rejectWithValue(fail(CHAT_MESSAGES.sendFailed)(e))),
);

export const fetchMessage = createAsyncThunk<ChatMessage, string, { rejectValue: string }>(
  'chat/fetchMessage',
  (id, { rejectWithValue }) =>
    chatApi.message(id).catch((e) => rejectWithValue(fail(CHAT_MESSAGES.messageFailed)(e))),
);

/**
 * Puts a message into its thread and moves its conversation's summary along; one the member
 * `isSeen` reading (its thread on screen) does not count as unread.
 */
function receive(state: ChatState, message: ChatMessage, isSeen = false) {
  const thread = state.threads[message.bookingId] ?? [];
  const next = addToFront(thread, message);
  if (next.length === thread.length) return;
  state.threads[message.bookingId] = next;
  // On an owner's open booking each sitter has a conversation: the one this message is with.
  const ofBooking = state.conversations.filter((c) => c.bookingId === message.bookingId);
  const people = [message.sender._id, message.recipient._id];
  const conversation =
    ofBooking.find((c) => c.otherParty && people.includes(c.otherParty._id)) ?? ofBooking[0];
  if (conversation) {
    conversation.lastMessage = message;
    conversation.updatedAt = message.createdAt;
    if (message.recipient._id === state.userId && !isSeen) conversation.unreadCount += 1;
  }
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    /** A message from the live channel (or any other source): front insertion with dedupe. */
    messageReceived: {
      reducer(state, action: PayloadAction<ChatMessage, string, { isSeen: boolean }>) {
        receive(state, action.payload, action.meta.isSeen);
      },
      prepare(message: ChatMessage, options: { isSeen?: boolean } = {}) {
        return { payload: message, meta: { isSeen: options.isSeen ?? false } };
      },
    },
    /** The other party read our messages on a booking (live `message-read`). */
    messagesRead(state, action: PayloadAction<{ bookingId: string; readAt: string }>) {
      for (const m of state.threads[action.payload.bookingId] ?? [])
        if (m.sender._id === state.userId && !m.read) {
          m.read = true;
          m.readAt = action.payload.readAt;
        }
    },
    /** `ifEmpty`: a message that failed comes back only into an empty box, never over newer text. */
    draftTyped(state, action: PayloadAction<{ key: string; text: string; ifEmpty?: boolean }>) {
      const { key, text, ifEmpty } = action.payload;
      const drafts = (state.drafts ??= {});
      if (ifEmpty && drafts[key]) return;
      if (text) drafts[key] = text;
      else delete drafts[key];
    },
    pollingStarted(state) {
      state.polling = true;
    },
    pollingStopped(state) {
      state.polling = false;
    },
    /** The signed-in user is known: a different one than the chat belongs to clears it. */
    chatUserSeen(state, action: PayloadAction<string>) {
      if (state.userId === action.payload) return;
      return { ...initialChatState, userId: action.payload };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loggedIn, (state, action) => {
        if (state.userId !== action.payload.user.id)
          return { ...initialChatState, userId: action.payload.user.id };
      })
      .addCase(fetchConversations.pending, (state, action) => {
        if (!pageRequested(state.conversationsPaging, action.meta.arg ?? 1)) state.loading = true;
      })
      .addCase(fetchConversations.fulfilled, (state, action) => {
        const page = action.meta.arg ?? 1;
        const { data, meta } = action.payload;
        // A poll of page 1 while later pages are shown refreshes the head and keeps the tail.
        const keepTail = page === 1 && state.conversationsPaging.page > 1;
        const byKey = (c: Conversation) => conversationKey(c);
        state.conversations = mergeListPage(state.conversations, data, page, byKey, keepTail);
        state.conversationsMeta = meta;
        pageArrived(state.conversationsPaging, page, {
          hasMore: meta.hasMore,
          count: data.length,
          total: meta.total,
          shownCount: state.conversations.length,
          keptTail: keepTail,
        });
        if (page === 1) {
          state.loading = false;
          state.error = null;
        }
      })
      .addCase(fetchConversations.rejected, (state, action) => {
        const message = action.payload ?? CHAT_MESSAGES.conversationsFailed;
        if (pageFailed(state.conversationsPaging, action.meta.arg ?? 1, message)) return;
        state.loading = false;
        state.error = message;
      })
      .addCase(fetchThread.fulfilled, (state, action) => {
        const { bookingId, withUserId } = action.meta.arg;
        state.threadError = null;
        state.threads[bookingId] = mergePage(state.threads[bookingId] ?? [], action.payload.data);
        state.threadMeta[threadKey(bookingId, withUserId)] = action.payload.meta;
        if (state.missingThreads?.[bookingId]) delete state.missingThreads[bookingId];
        // What the read marked read: the booking's messages, or only those with `withUserId`.
        for (const c of state.conversations)
          if (c.bookingId === bookingId && (!withUserId || c.otherParty?._id === withUserId))
            c.unreadCount = 0;
      })
      .addCase(fetchThread.rejected, (state, action) => {
        const message = action.payload ?? CHAT_MESSAGES.threadFailed;
        // A thread that is not there is said in its pane, in place of the thread.
        if (action.payload !== undefined && action.meta.missing)
          state.missingThreads = { ...state.missingThreads, [action.meta.arg.bookingId]: message };
        else state.threadError = message;
      })
      .addCase(sendMessage.fulfilled, (state, action) => {
        state.threadError = null;
        receive(state, action.payload);
      })
      .addCase(sendMessage.rejected, (state, action) => {
        state.threadError = action.payload ?? CHAT_MESSAGES.sendFailed;
      })
      .addCase(fetchMessage.fulfilled, (state, action) => {
        receive(state, action.payload);
      })
      .addCase(fetchMessage.rejected, (state, action) => {
        state.threadError = action.payload ?? CHAT_MESSAGES.messageFailed;
      });
  },
});

export const {
  messageReceived,
  messagesRead,
  draftTyped,
  pollingStarted,
  pollingStopped,
  chatUserSeen,
} = chatSlice.actions;
export const chatReducer = chatSlice.reducer;
