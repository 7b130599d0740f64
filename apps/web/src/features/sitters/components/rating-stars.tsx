import classes from './rating-stars.module.css';

// Mantine's star (Rating's StarIcon), so the row looks as Mantine's read-only Rating did.
const STAR =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';

function Stars() {
  return [0, 1, 2, 3, 4].map((i) => (
    <svg key={i} className={classes.star} viewBox="0 0 24 24">
      <path d={STAR} />
    </svg>
  ));
}

/**
 * Five stars filled to `value` (0–5, to a tenth), for showing an average: a grey row with a yellow
 * row over it cut to the value. Mantine's read-only Rating draws an input, a label and a star for
 * every tenth (about 210 elements per card on the sitter list); this draws 13. Decorative: the
 * caller says the value in words.
 */
export function RatingStars({ value }: { value: number }) {
  const tenths = Math.round(Math.min(5, Math.max(0, value)) * 10);
  return (
    <span className={classes.root} aria-hidden="true">
      <span className={classes.row}>
        <Stars />
      </span>
      <span className={`${classes.row} ${classes.filled}`} style={{ width: `${tenths * 2}%` }}>
        <Stars />
      </span>
    </span>
  );
}
