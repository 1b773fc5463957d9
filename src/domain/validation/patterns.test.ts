import { expect, it } from 'vitest';
import { PATTERNS, containsLink } from './patterns';

it('knows the other patterns of spec section 5', () => {
  expect(PATTERNS.personName.test('María José')).toBe(true);
  expect(PATTERNS.personName.test('a'.repeat(41))).toBe(false);
  expect(PATTERNS.phone.test('1234567')).toBe(true);
  expect(PATTERNS.phone.test('123456')).toBe(false);
  expect(PATTERNS.numeric.test('100')).toBe(true);
  expect(PATTERNS.numeric.test('1000')).toBe(false);
  expect(containsLink('see www.example.com now')).toBe(true);
  expect(containsLink('no links here')).toBe(false);
});
