import { expect, it } from 'vitest';
import { matchesSearch } from './textSearch';

it("matches part of the row's text, ignoring case ('Search product...')", () => {
  expect(matchesSearch('Velvet Lipstick nyx', 'lipSTICK')).toBe(true);
  expect(matchesSearch('Velvet Lipstick nyx', 'NYX')).toBe(true);
  expect(matchesSearch('Velvet Lipstick nyx', 'mascara')).toBe(false);
});

it('ignores the spaces around what was typed, and an empty box matches everything', () => {
  expect(matchesSearch('Velvet Lipstick', '  velvet ')).toBe(true);
  expect(matchesSearch('Velvet Lipstick', '   ')).toBe(true);
  expect(matchesSearch('', '')).toBe(true);
});
