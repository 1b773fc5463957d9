import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { inShade, openingShade, shadeOfParam, shadePath, type Shade } from './shadeChoice';

const shade = (id: number, stock: number): Shade => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
const lipstick = makeProduct({ id: 12, stock: 5, shades: [shade(1, 0), shade(2, 3), shade(3, 2)] });

describe('openingShade', () => {
  it('DECISIONS: "A product page opens on the shade in its URL"', () => {
    expect(openingShade(lipstick, '3')?.id).toBe(3);
    // A sold-out shade "can still be chosen, to see it".
    expect(openingShade(lipstick, '1')?.id).toBe(1);
  });

  it('DECISIONS: "else on its first shade in stock"', () => {
    expect(openingShade(lipstick, null)?.id).toBe(2);
    expect(openingShade(lipstick, '99')?.id).toBe(2);
    expect(openingShade(lipstick, 'red')?.id).toBe(2);
    expect(openingShade(lipstick, '')?.id).toBe(2);
  });

  it('opens a product sold out in every shade on its first, and one without shades on none', () => {
    expect(openingShade(makeProduct({ stock: 0, shades: [shade(7, 0), shade(8, 0)] }), null)?.id).toBe(7);
    expect(openingShade(makeProduct({ shades: [] }), '1')).toBeUndefined();
    expect(shadeOfParam(lipstick, '2.5')).toBeUndefined();
  });
});

describe('inShade', () => {
  it("shows the shade's picture and stock; a product without shades as it is", () => {
    expect(inShade(lipstick, lipstick.shades[2])).toMatchObject({ id: 12, image: '/images/3.svg', stock: 2 });
    const plain = makeProduct({ shades: [] });
    expect(inShade(plain, undefined)).toBe(plain);
  });
});

describe('shadePath', () => {
  it('names the shade in the query', () => {
    expect(shadePath(12, lipstick.shades[1])).toBe('/detail/12?shade=2');
    expect(shadePath(12, undefined)).toBe('/detail/12');
  });
});
