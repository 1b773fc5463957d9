import { expect, it } from 'vitest';
import { discountError, isBlockedDiscountKey, sanitizeDiscountInput } from './discount';

it('blocks e, minus, plus and period', () => {
  for (const key of ['e', '-', '+', '.']) expect(isBlockedDiscountKey(key)).toBe(true);
  expect(isBlockedDiscountKey('5')).toBe(false);
});

it('keeps at most 3 digits with leading zeros stripped', () => {
  expect(sanitizeDiscountInput('007')).toBe('7');
  expect(sanitizeDiscountInput('1234')).toBe('123');
  expect(sanitizeDiscountInput('0')).toBe('0');
});

it("says 'Write a number between 0 - 100' out of range", () => {
  expect(discountError('101')).toBe('Write a number between 0 - 100');
  expect(discountError('')).toBe('Write a number between 0 - 100');
  expect(discountError('0')).toBeUndefined();
  expect(discountError('100')).toBeUndefined();
});
