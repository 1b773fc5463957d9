import { expect, it } from 'vitest';
import { isBlockedPriceKey, normalizePriceRange, sanitizePriceInput } from './priceFilter';

it('blocks the keys e, minus and plus', () => {
  for (const key of ['e', 'E', '-', '+']) expect(isBlockedPriceKey(key)).toBe(true);
  for (const key of ['1', '.', 'Backspace']) expect(isBlockedPriceKey(key)).toBe(false);
});

it('strips leading zeros and keeps the value within 0..100000', () => {
  expect(sanitizePriceInput('007')).toBe('7');
  expect(sanitizePriceInput('0')).toBe('0');
  expect(sanitizePriceInput('0.5')).toBe('0.5');
  expect(sanitizePriceInput('250000')).toBe('100000');
  expect(sanitizePriceInput('-5')).toBe('5');
  expect(sanitizePriceInput('')).toBe('');
});

it('swaps min and max when min is greater', () => {
  expect(normalizePriceRange(50, 10)).toEqual([10, 50]);
  expect(normalizePriceRange(10, 50)).toEqual([10, 50]);
  expect(normalizePriceRange(null, 50)).toEqual([null, 50]);
});
