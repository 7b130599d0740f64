import { configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Storage,
} from 'redux-persist';
import { SESSION_KEYS } from '../lib/session';
import { PERSISTED_AREAS, rootReducer, type RootState } from './root-reducer';

const PERSIST_KEY = 'root';

/**
 * sessionStorage as redux-persist's storage. redux-persist's own (storage/session) probes the
 * storage with a test write as soon as it is imported, in the task that evaluates all of the
 * app's modules; this one first touches it when the store reads its saved state.
 * The state is kept only while someone is signed in (the session's token is stored): logout
 * clears session storage (SPEC §4), and the emptied state it leaves is not written back.
 */
export const sessionStore: Storage = {
  getItem: async (key: string) => sessionStorage.getItem(key),
  setItem: async (key: string, value: string) => {
    if (sessionStorage.getItem(SESSION_KEYS.token) === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  },
  removeItem: async (key: string) => sessionStorage.removeItem(key),
};

/** Persisted in sessionStorage (one tab, gone with the tab), like the auth session itself. */
const persistConfig = {
  key: PERSIST_KEY,
  storage: sessionStore,
  timeout: 5000,
  // SPEC §3's persisted areas, and only those: the review form and the chat (threads and
  // drafts, read again from the API) live in memory.
  whitelist: [...PERSISTED_AREAS],
};

const persistedReducer = persistReducer(persistConfig, rootReducer);

export function createStore() {
  return configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
}

/** A store without persistence, for tests (optionally starting from a given state). */
export function createTestStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
  });
}

/** The app's store and its persistor (created once, by the provider). */
export function createPersistedStore() {
  const store = createStore();
  return { store, persistor: persistStore(store) };
}

export type AppStore = ReturnType<typeof createStore> | ReturnType<typeof createTestStore>;
// Both stores share the default middleware; the app store's type keeps the thunk overload.
export type AppDispatch = ReturnType<typeof createStore>['dispatch'];
export type { RootState };
