import { expect, it } from 'vitest';
import { RATING_CHOICES, isRating, reviewCountLabel, starParts } from './rating';

it('offers 0.5 to 5 in half steps', () => {
  expect(RATING_CHOICES).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5]);
  expect(isRating(3.5)).toBe(true);
  expect(isRating(0)).toBe(false);
  expect(isRating(4.2)).toBe(false);
});

it("says 'review' for one and 'reviews' otherwise", () => {
  expect(reviewCountLabel(1)).toBe('1 review');
  expect(reviewCountLabel(0)).toBe('0 reviews');
  expect(reviewCountLabel(12)).toBe('12 reviews');
});

it('draws stars out of 5 in half steps', () => {
  expect(starParts(3.5)).toEqual({ full: 3, half: true, empty: 1 });
  expect(starParts(4.74)).toEqual({ full: 4, half: true, empty: 0 });
  expect(starParts(0)).toEqual({ full: 0, half: false, empty: 5 });
});
