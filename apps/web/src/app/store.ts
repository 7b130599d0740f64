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
} from 'redux-persist';
// The ES build: the CommonJS one (lib/) hands bundlers a namespace object, not the storage.
import storageSession from 'redux-persist/es/storage/session';
import { rootReducer, type RootState } from './root-reducer';

/** Persisted in sessionStorage (one tab, gone with the tab), like the auth session itself. */
const persistConfig = {
  key: 'root',
  storage: storageSession,
  timeout: 5000,
  blacklist: ['review'],
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
