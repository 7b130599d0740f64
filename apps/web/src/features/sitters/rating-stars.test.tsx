import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './components/rating-stars';

const filledWidth = (value: number) => {
  const { container, unmount } = render(<RatingStars value={value} />);
  const root = container.firstElementChild!;
  const width = (root.lastElementChild as HTMLElement).style.width;
  expect(root.getAttribute('aria-hidden')).toBe('true');
  expect(root.querySelectorAll('svg')).toHaveLength(10);
  unmount();
  return width;
};

describe('RatingStars', () => {
  it('fills the stars to the value, to a tenth, within 0–5', () => {
    expect(filledWidth(4.26)).toBe('86%');
    expect(filledWidth(5)).toBe('100%');
    expect(filledWidth(0)).toBe('0%');
    expect(filledWidth(7)).toBe('100%');
  });
});
