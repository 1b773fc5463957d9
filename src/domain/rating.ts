/** Rating choices: 0.5 to 5 in half steps. */
export const RATING_CHOICES = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

export function isRating(value: number): boolean {
  return RATING_CHOICES.includes(value);
}

export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Stars out of 5 in half steps: how many full, whether a half, how many empty. */
export function starParts(rank: number): { full: number; half: boolean; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, rank)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}
