import { Skeleton, Stack } from '@mantine/core';

export function BookingListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Stack role="status" aria-label="Loading bookings">
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={108} radius="lg" />
      ))}
    </Stack>
  );
}
