// Public surface of the notifications feature, for the screens of other features.
export { liveChannel } from './live-channel';
