import { expect, it } from 'vitest';
import { PATTERNS, containsLink, isPictureUrl } from './patterns';

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

it('takes a picture URL only from the shop, https or the mock backend', () => {
  for (const url of [
    '/uploads/a1b2.webp',
    '/images/products/lipstick-a4161a.svg',
    'https://lh3.googleusercontent.com/a/photo',
    'blob:http://localhost/1f0c',
  ]) {
    expect(isPictureUrl(url)).toBe(true);
  }
  for (const url of [
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.test/a.png',
    '/\\evil.test/a.png',
    'http://evil.test/a.png',
    'Upload Image',
    '',
    '/uploads/a b.webp',
  ]) {
    expect(isPictureUrl(url)).toBe(false);
  }
});
