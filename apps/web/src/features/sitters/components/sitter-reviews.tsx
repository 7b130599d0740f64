import { Alert, Button, Divider, Group, Rating, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, useEffect, useState } from 'react';
import { ApiAvatar } from '../../../components/ui/api-avatar';
import { getErrorMessage } from '../../../lib/api-error';
import { fullName } from '../format';
import { SITTER_MESSAGES, sittersApi, type SitterReview } from '../sitters-api';
import { formatDate } from '../../../lib/dates';

type State = {
  items: SitterReview[];
  /** Last page loaded (0: none yet). */
  page: number;
  hasMore: boolean;
  /** The request this state answers; a newer one in flight means loading. */
  attempt: number;
  error: string | null;
};

const reviewDate = (iso: string) => formatDate(iso);

function ReviewItem({ review }: { review: SitterReview }) {
  const author = fullName(review.author);
  return (
    <Stack component="article" gap={6} aria-label={`Review by ${author}`}>
      <Group gap="sm" wrap="nowrap">
        <ApiAvatar path={review.author.image} name={author} size={36} radius="50%" />
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {author}
          </Text>
          <Text size="xs" c="dark.4">
            <time dateTime={review.createdAt}>{reviewDate(review.createdAt)}</time>
          </Text>
        </Stack>
      </Group>
      <Rating
        value={review.rating}
        readOnly
        size="sm"
        role="img"
        aria-label={`Rated ${review.rating} out of 5`}
      />
      {review.comment && <Text style={{ whiteSpace: 'pre-line' }}>{review.comment}</Text>}
    </Stack>
  );
}

/**
 * Reviews the user has received that are visible (double-blind), newest first, paged.
 * Mount with `key={userId}` so another user's page starts afresh.
 */
export function SitterReviews({ userId }: { userId: string }) {
  const [current, setCurrent] = useState<State | null>(null);
  const [request, setRequest] = useState({ page: 1, attempt: 0 });

  useEffect(() => {
    let isLive = true;
    const { page, attempt } = request;
    sittersApi.reviews(userId, page).then(
      (res) =>
        isLive &&
        setCurrent((s) => ({
          items: s && page > 1 ? [...s.items, ...res.data] : res.data,
          page,
          hasMore: res.hasMore,
          attempt,
          error: null,
        })),
      (error: unknown) =>
        isLive &&
        setCurrent((s) => ({
          items: s?.items ?? [],
          page: s?.page ?? 0,
          hasMore: s?.hasMore ?? false,
          attempt,
          error: getErrorMessage(error, SITTER_MESSAGES.reviewsFailed),
        })),
    );
    return () => {
      isLive = false;
    };
  }, [userId, request]);

  if (!current) {
    return (
      <Stack role="status" aria-label="Loading reviews">
        <Skeleton h={60} radius="md" />
      </Stack>
    );
  }
  const { items, hasMore } = current;
  const loading = current.attempt !== request.attempt;
  const error = loading ? null : current.error;
  return (
    <Stack gap="md">
      {items.length > 0 ? (
        <Stack gap="md" component="div" role="list" aria-label="Reviews list">
          {items.map((review, i) => (
            <Fragment key={review._id}>
              {i > 0 && <Divider />}
              <div role="listitem">
                <ReviewItem review={review} />
              </div>
            </Fragment>
          ))}
        </Stack>
      ) : (
        !error && <Text c="dark.4">No reviews yet</Text>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {hasMore && (
        <Button
          variant="light"
          w="fit-content"
          loading={loading}
          onClick={() => setRequest((r) => ({ page: current.page + 1, attempt: r.attempt + 1 }))}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}
