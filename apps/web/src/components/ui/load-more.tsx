import { Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
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
 * there is no more. The focus stays on the button while a page loads and moves to the end line
 * when the last page came in through it.
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
  const endRef = useRef<HTMLParagraphElement>(null);
  // Whether the focus is on "Load more" (it was pressed, or reached by Tab): when the last page
  // comes in and the button goes, the focus follows to the end line, never to the page's body.
  // That page may have been asked for by scrolling (reaching the button by Tab scrolls it into
  // view), so focus alone counts. A focus moved elsewhere clears it; a blur with nowhere to go
  // (the button removed, a click on the page) does not.
  const askedByButton = useRef(false);
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

  // The last page came in while the button had the focus: the button goes, the end line takes it.
  useEffect(() => {
    if (hasMore || isLoading || !askedByButton.current) return;
    askedByButton.current = false;
    endRef.current?.focus();
  }, [hasMore, isLoading]);

  return (
    <Stack ref={sentinel} align="center" gap="xs" py="md">
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
      {/* One live region, always there, so "Loading more…" is heard when it starts. */}
      <VisuallyHidden role="status" aria-live="polite">
        {isLoading ? 'Loading more…' : ''}
      </VisuallyHidden>
      {hasMore ? (
        // Stays mounted (and focusable) while the page loads: a disabled or removed button
        // would drop the focus to the page's body.
        <Button
          variant="light"
          aria-disabled={isLoading || undefined}
          leftSection={isLoading ? <Loader size="xs" aria-hidden="true" /> : undefined}
          onFocus={() => {
            askedByButton.current = true;
          }}
          onBlur={(event) => {
            if (event.relatedTarget) askedByButton.current = false;
          }}
          onClick={(event) => {
            if (isLoading) return;
            askedByButton.current = event.currentTarget === document.activeElement;
            onLoadMore();
          }}
        >
          {isLoading ? 'Loading more…' : error ? 'Try again' : 'Load more'}
        </Button>
      ) : isLoading ? (
        <Center aria-hidden="true">
          <Loader size="sm" />
          <Text size="sm" ml="xs">
            Loading more…
          </Text>
        </Center>
      ) : (
        count > 0 && (
          <Text ref={endRef} tabIndex={-1} c="dimmed" size="sm">
            {endLabel}
          </Text>
        )
      )}
    </Stack>
  );
}
