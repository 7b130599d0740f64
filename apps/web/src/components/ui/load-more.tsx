import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

type LoadMoreProps = {
  hasMore: boolean;
  isLoading: boolean;
  error: string | null;
  onLoadMore: () => void;
  /** Shown once everything is loaded (and something was). */
  endLabel?: string;
  count: number;
};

/**
 * The end of a growing list (lib/use-paged-list.ts): loads the next page when it scrolls into
 * view, with a visible "Load more" button for keyboard and screen-reader users, and says when
 * there is no more.
 */
export function LoadMore({
  hasMore,
  isLoading,
  error,
  onLoadMore,
  endLabel = 'No more items',
  count,
}: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  }, [onLoadMore]);
  const canLoad = hasMore && !isLoading && !error;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canLoad]);

  return (
    <Stack ref={sentinel} align="center" gap="xs" py="md">
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      {isLoading ? (
        <Center role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm" ml="xs">
            Loading more…
          </Text>
        </Center>
      ) : hasMore ? (
        <Button variant="light" onClick={onLoadMore}>
          {error ? 'Try again' : 'Load more'}
        </Button>
      ) : (
        count > 0 && (
          <Text c="dimmed" size="sm">
            {endLabel}
          </Text>
        )
      )}
    </Stack>
  );
}
