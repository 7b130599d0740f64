// Public surface of the auth feature, for the screens of other features.
export { useCurrentUser } from './hooks/use-current-user';
export { loggedIn, loggedOut } from './auth-slice';
