import { Outlet } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { useLogout } from '../features/auth/hooks/use-logout';
import { useSignedInName, useSignedInPhoto } from '../features/profile';
import { useAppSelector } from './hooks';
import { SessionWatcher } from './session-watcher';

export function RootLayout() {
  const user = useAppSelector((state) => state.auth.user);
  const logout = useLogout();
  const name = useSignedInName(user?.id ?? null);
  const photo = useSignedInPhoto(user?.id ?? null);
  return (
    <>
      <SessionWatcher />
      <AppLayout user={user} userName={name} userPhoto={photo} onLogout={() => void logout()}>
        <Outlet />
      </AppLayout>
    </>
  );
}
