/**
 * Header slot for the notifications bell. The notifications feature renders its bell here;
 * until then the slot renders nothing.
 */
export function NotificationsSlot() {
  return null;
}
