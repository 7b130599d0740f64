import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchProfile, selectProfile } from './profile-slice';

/**
 * The signed-in member's name as their profile gives it (the header's avatar shows its
 * initials), or null until known. The profile is fetched once per member when the store has none
 * of theirs; edits on the profile screen reach the store, and so the header, at once.
 */
export function useSignedInName(userId: string | null): string | null {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const isTheirs = profile !== null && profile._id === userId;
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!userId || isTheirs || askedFor.current === userId) return;
    askedFor.current = userId;
    void fetchProfile(dispatch);
  }, [userId, isTheirs, dispatch]);
  return isTheirs ? `${profile.firstName} ${profile.lastName}`.trim() || null : null;
}

/**
 * The API path of the signed-in member's profile photo (the header's avatar shows it, as the
 * profile does), or null without one or until their profile is known (useSignedInName loads it).
 */
export function useSignedInPhoto(userId: string | null): string | null {
  const profile = useAppSelector(selectProfile);
  return profile !== null && profile._id === userId ? profile.image : null;
}
