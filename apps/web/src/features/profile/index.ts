// Public surface of the profile feature, for the screens of other features.
export { profileApi, type Profile } from './profile-api';
export { selectProfile, updateProfile } from './profile-slice';
export { useFreshProfile } from './use-fresh-profile';
export { useSignedInName, useSignedInPhoto } from './use-signed-in-name';
