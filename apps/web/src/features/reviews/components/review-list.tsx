import { Group, Paper, Rating, Stack, Text, Title } from '@mantine/core';
import type { Review } from '../reviews-api';
import { formatDate } from '../../../lib/dates';

/** The list's heading, where the focus goes once the viewer's review is in (its form is gone). */
export const REVIEWS_TITLE_ID = 'reviews-title';

/** Reviews of a booking: the visible ones, and the viewer's own while it is still hidden. */
export function ReviewList({ reviews, viewerId }: { reviews: Review[]; viewerId: string | null }) {
  const shown = reviews.filter((r) => r.visible || r.author._id === viewerId);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={REVIEWS_TITLE_ID}>
      <Title id={REVIEWS_TITLE_ID} order={2} size="h4" tabIndex={-1}>
        Reviews
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm" mt="xs">
          No reviews yet.
        </Text>
      ) : (
        <Stack mt="sm" gap="md">
          {shown.map((review) => (
            <article key={review._id} aria-label={`Review by ${review.author.firstName}`}>
              <Group gap="xs">
                <Text fw={600}>
                  {review.author.firstName} {review.author.lastName}
                </Text>
                <Rating
                  value={review.rating}
                  readOnly
                  size="sm"
                  role="img"
                  aria-label={`${review.rating} out of 5 stars`}
                />
                <Text size="xs" c="dimmed">
                  {formatDate(review.createdAt)}
                </Text>
              </Group>
              {review.comment && <Text size="sm">{review.comment}</Text>}
              {!review.visible && (
                <Text size="xs" c="dimmed">
                  {review.onHold
                    ? 'Only you can see this for now: both reviews show once the dispute on this booking is settled.'
                    : 'Only you can see this until the other party reviews too.'}
                </Text>
              )}
            </article>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
