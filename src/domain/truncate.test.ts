import { expect, it } from 'vitest';
import { cutAddress, cutEmail, cutName } from './truncate';

it('cuts card names at 26, emails at 23 and addresses at 26 characters', () => {
  expect(cutName('Ultra Long Lasting Liquid Lipstick')).toBe('Ultra Long Lasting Liquid …');
  expect(cutName('A'.repeat(26))).toBe('A'.repeat(26));
  expect(cutEmail('someone.with.a.long.name@example.com')).toBe('someone.with.a.long.nam…');
  expect(cutEmail('short@example.com')).toBe('short@example.com');
  expect(cutAddress('Argentina, Buenos Aires, Corrientes 1234')).toBe('Argentina, Buenos Aires, C…');
});
