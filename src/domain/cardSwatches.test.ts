import { describe, expect, it } from 'vitest';
import { cardSwatches, shadeCountLabel } from './cardSwatches';
import type { Shade } from './shadeChoice';

const shade = (id: number, stock: number): Shade => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });

describe('cardSwatches', () => {
  it('issue 32: "Cards show up to five swatches and "+N""', () => {
    const many = Array.from({ length: 12 }, (_, i) => shade(i + 1, 1));
    expect(cardSwatches(many)).toEqual({ shown: many.slice(0, 5), more: 7 });
    expect(cardSwatches(many.slice(0, 5))).toEqual({ shown: many.slice(0, 5), more: 0 });
    expect(cardSwatches([])).toEqual({ shown: [], more: 0 });
  });

  it('says how many shades for a screen reader', () => {
    expect(shadeCountLabel(12)).toBe('12 shades');
    expect(shadeCountLabel(1)).toBe('1 shade');
  });
});
