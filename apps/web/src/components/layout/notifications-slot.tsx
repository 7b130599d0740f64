import { Suspense } from 'react';
import { lazyWithStyles } from '../../lib/lazy-screen';

// Loaded on its own once someone is signed in, so the public pages never carry it.
const NotificationsBell = lazyWithStyles(
  () => import('../../features/notifications/components/notifications-bell'),
);

/** Header slot for the notifications bell (signed-in users only; the header decides). */
export function NotificationsSlot() {
  return (
    <Suspense fallback={null}>
      <NotificationsBell />
    </Suspense>
  );
}
