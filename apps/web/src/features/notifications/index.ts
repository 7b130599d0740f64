// Public surface of the notifications feature, for the screens of other features.
export { liveChannel } from './live-channel';
export {
  concernsBooking,
  isBookingEvent,
  useLiveCatchUp,
  useLiveRefresh,
  type LiveRefreshEvent,
} from './use-live-refresh';
