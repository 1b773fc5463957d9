import { describe, expect, it } from 'vitest';
import { pathCategory } from './pathCategory';

describe('pathCategory', () => {
  it('reads a category in any case: "Paths are matched case-insensitively" (DECISIONS.md), values too', () => {
    expect(['blush', 'Blush', 'BLUSH', 'bLuSh'].map(pathCategory)).toEqual(['blush', 'blush', 'blush', 'blush']);
  });

  it('is null for a name that is no category: "an unknown category shows the not-found page"', () => {
    expect(['blush.x', 'nothing', '', undefined, 'BLUSH '].map(pathCategory)).toEqual([null, null, null, null, null]);
  });
});
