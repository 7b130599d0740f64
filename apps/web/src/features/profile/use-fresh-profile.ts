import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { fetchProfile } from './profile-slice';

/**
 * Fetches the caller's profile once per mount and says when that fetch has settled, so forms
 * start from this visit's data rather than a copy persisted earlier in the tab.
 */
export function useFreshProfile(): boolean {
  const dispatch = useAppDispatch();
  const [isFetched, setFetched] = useState(false);
  useEffect(() => {
    let isLive = true;
    void fetchProfile(dispatch).then(() => {
      if (isLive) setFetched(true);
    });
    return () => {
      isLive = false;
    };
  }, [dispatch]);
  return isFetched;
}
