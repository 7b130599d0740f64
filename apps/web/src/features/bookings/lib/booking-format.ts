import type { BookingStatus } from '@pawsy/contract';

export const STATUS_TABS: { value: BookingStatus; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

const COLORS: Record<BookingStatus, string> = {
  pending: 'yellow.8',
  accepted: 'blue.8',
  'in-progress': 'pawsy',
  completed: 'green.9',
  cancelled: 'gray.7',
};

/** A status nothing follows: a booking without a sitter by then never gets one. */
export const isFinalStatus = (status: string | undefined) =>
  status === 'cancelled' || status === 'completed';

export const statusLabel = (status: string) =>
  STATUS_TABS.find((t) => t.value === status)?.label ?? status;
export const statusColor = (status: string) => COLORS[status as BookingStatus] ?? 'gray';

/** The house formats (lib/dates), under the names the booking screens use. */
export { formatDateTime, formatTimeRange as formatDateRange } from '../../../lib/dates';

export const fullName = (p: { firstName: string; lastName: string } | null | undefined) =>
  p ? `${p.firstName} ${p.lastName}`.trim() : '';

const EVENT_LABELS: Record<string, string> = {
  created: 'Requested',
  paid: 'Paid',
  accepted: 'Accepted',
  declined: 'Declined by the sitter',
  started: 'Started',
  'check-in': 'Check-in',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
/** A step of the timeline in words; a cancellation says which party cancelled. */
export function eventLabel(type: string, by: 'owner' | 'sitter' | null = null): string {
  if (type === 'cancelled' && by) return `Cancelled by the ${by}`;
  return EVENT_LABELS[type] ?? type;
}
