import { useAppSelector } from '../../../app/hooks';
import { readSession, type SessionUser } from '../../../lib/session';

/** The signed-in user (from the store, or the stored session before the store catches up). */
export function useCurrentUser(): SessionUser | null {
  const user = useAppSelector((state) => state.auth.user);
  return user ?? readSession()?.user ?? null;
}
