import { Alert, Button, Input, Paper, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { addReview } from '../review-slice';
import type { Review } from '../reviews-api';

type ReviewFormProps = {
  bookingId: string;
  /** Who is being reviewed (the other party), for the heading. */
  subjectName: string;
  onReviewed: (review: Review) => void;
};

/** Rating (1–5) and comment about the other party of a completed booking. */
export function ReviewForm({ bookingId, subjectName, onReviewed }: ReviewFormProps) {
  const dispatch = useAppDispatch();
  const { submitting, error } = useAppSelector((state) => state.review);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const ratingLabelId = useId();
  const ratingErrorId = useId();
  const starsRef = useRef<HTMLDivElement>(null);

  // Mantine's Rating always renders a "0 stars" radio (to clear the value); a review has no 0,
  // so it leaves the tab order, the arrow keys' cycle and the accessibility tree. (Disabling an
  // input makes the Rating's root pointer-events: none, hence the root style below.)
  useEffect(() => {
    const zero = starsRef.current?.querySelector<HTMLInputElement>(
      'input[type="radio"][value="0"]',
    );
    if (zero) {
      zero.disabled = true;
      zero.hidden = true;
    }
  }, []);

  const choose = (value: number) => {
    setRating(value);
    setRatingError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setRatingError('Choose a rating from 1 to 5 stars');
      // To the stars, which now name the error (aria-describedby), not left on Submit.
      focusFirstInvalid(event.currentTarget as HTMLElement);
      return;
    }
    const result = await dispatch(addReview({ bookingId, columns: { rating, comment } }));
    if (addReview.fulfilled.match(result)) onReviewed(result.payload);
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="review-form-title">
      <Title id="review-form-title" order={2} size="h4">
        Review {subjectName}
      </Title>
      <Text size="sm" c="dimmed">
        Your review is shown once both of you have reviewed, or after 14 days.
      </Text>
      <form onSubmit={(e) => void submit(e)} aria-label="Leave a review" noValidate>
        <Stack mt="sm" gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Input.Wrapper
            label="Rating"
            labelElement="div"
            labelProps={{ id: ratingLabelId }}
            required
            error={ratingError}
            errorProps={{ id: ratingErrorId }}
          >
            {/* Enter on a star picks it (Mantine Rating); it must not also submit the form. */}
            {/* Arrow keys check the next star, as in any radio group: that chooses it (Mantine's
                Rating only highlights it until Space or Enter). */}
            <div
              ref={starsRef}
              role="radiogroup"
              aria-labelledby={ratingLabelId}
              aria-describedby={ratingError ? ratingErrorId : undefined}
              aria-invalid={ratingError ? true : undefined}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              onChange={(event) => {
                const value = Number((event.target as HTMLInputElement).value);
                if (value >= 1) choose(value);
              }}
            >
              <Rating
                value={rating}
                onChange={choose}
                getSymbolLabel={(value) => `${value} star${value === 1 ? '' : 's'}`}
                size="lg"
                style={{ pointerEvents: 'auto' }}
              />
            </div>
          </Input.Wrapper>
          <Textarea
            label="Comment"
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={2000}
            rows={3}
          />
          <Button type="submit" loading={submitting} w="fit-content">
            Submit review
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
