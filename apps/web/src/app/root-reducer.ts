import { combineReducers, type UnknownAction } from '@reduxjs/toolkit';
import { authReducer, loggedOut } from '../features/auth/auth-slice';
import { bookingReducer } from '../features/bookings/booking-slice';
import { chatModalReducer } from '../features/chat/chat-modal-slice';
import { chatReducer } from '../features/chat/chat-slice';
import { couponsReducer } from '../features/coupons/coupons-slice';
import { userCreditReducer } from '../features/credits/user-credit-slice';
import { dashboardReducer } from '../features/dashboard/dashboard-slice';
import { disputeReducer } from '../features/disputes/dispute-slice';
import { kycReducer } from '../features/kyc/kyc-slice';
import { petsReducer } from '../features/pets/pets-slice';
import { profileReducer } from '../features/profile/profile-slice';
import { reviewReducer } from '../features/reviews/review-slice';

const reducers = {
  auth: authReducer,
  profile: profileReducer,
  pets: petsReducer,
  kyc: kycReducer,
  booking: bookingReducer,
  dispute: disputeReducer,
  chatModal: chatModalReducer,
  chat: chatReducer,
  dashboard: dashboardReducer,
  userCredit: userCreditReducer,
  coupons: couponsReducer,
  review: reviewReducer,
};

const combine = () => combineReducers(reducers);
let combined: ReturnType<typeof combine> | undefined;

/**
 * combineReducers runs every area's reducer to check its initial state as soon as it is called:
 * called on the first action (when the store is created, main.tsx) instead of when this module
 * is evaluated, that work is not added to the task that evaluates the app's modules.
 */
function appReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  combined ??= combine();
  return combined(state, action);
}

export type RootState = ReturnType<ReturnType<typeof combine>>;

/** SPEC §3's persisted areas (store.ts keeps these, and only these, in sessionStorage). */
export const PERSISTED_AREAS = [
  'auth',
  'profile',
  'pets',
  'kyc',
  'booking',
  'dispute',
  'chatModal',
  'dashboard',
  'userCredit',
  'coupons',
] as const;

/**
 * Areas that hold the signed-in person's data and are emptied on logout: SPEC §4's auth, profile,
 * kyc and dispute, and every other area holding what was theirs (pets, bookings, chat, dashboard
 * figures, credits, coupons), so the next person on this tab never sees it, not even while their
 * own data loads. Only the review form (not persisted, nothing of the user's) stays.
 */
const RESET_ON_LOGOUT = [...PERSISTED_AREAS, 'chat'] as const;

/** Takes a partial state (a test's preloaded areas) like combineReducers does; the rest start empty. */
export function rootReducer(
  state: Partial<RootState> | undefined,
  action: UnknownAction,
): RootState {
  if (state && loggedOut.match(action)) {
    const next: Partial<RootState> = { ...state };
    for (const key of RESET_ON_LOGOUT) delete next[key];
    return appReducer(next, action);
  }
  return appReducer(state, action);
}
