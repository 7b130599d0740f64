// The auth area's public surface: what plugins and other areas may use.
export { findLiveSession, type LiveSession } from './sessions.ts';
