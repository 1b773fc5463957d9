import { describe, expect, it } from 'vitest';
import { isLine, lineStock, lostItsShade, shadeToAdd } from './cartShade';

const lipstick = {
  stock: 5,
  shades: [
    { id: 11, stock: 0 },
    { id: 12, stock: 3 },
    { id: 13, stock: 2 },
  ],
};
const primer = { stock: 4, shades: [] };

describe('cart lines per shade (DECISIONS.md "Shades": two shades of one lipstick are two lines)', () => {
  it('names a line by product and shade', () => {
    const red = { productId: 1, shadeId: 12 };
    expect(isLine(red)({ productId: 1, shadeId: 12 })).toBe(true);
    expect(isLine(red)({ productId: 1, shadeId: 13 })).toBe(false);
    expect(isLine({ productId: 2, shadeId: null })({ productId: 2, shadeId: null })).toBe(true);
  });

  it("caps a line at its shade's stock, a product without shades at its own", () => {
    expect(lineStock(lipstick, 12)).toBe(3);
    expect(lineStock(lipstick, 11)).toBe(0);
    expect(lineStock(primer, null)).toBe(4);
  });

  it('"the product\'s first shade in stock is added" where no shade is named; a shade not of the product is none', () => {
    expect(shadeToAdd(lipstick, undefined)).toBe(12);
    expect(shadeToAdd(lipstick, 13)).toBe(13);
    expect(shadeToAdd(lipstick, 99)).toBeUndefined();
    expect(shadeToAdd(primer, undefined)).toBeNull();
    expect(shadeToAdd(primer, 12)).toBeUndefined();
    expect(shadeToAdd({ stock: 0, shades: [{ id: 11, stock: 0 }] }, undefined)).toBeUndefined();
  });

  it('"a removed shade leaves carts": a line naming a shade the product no longer has, or none of a product now with shades', () => {
    expect(lostItsShade(lipstick, { shadeId: 12 })).toBe(false);
    expect(lostItsShade(lipstick, { shadeId: 99 })).toBe(true);
    expect(lostItsShade(lipstick, { shadeId: null })).toBe(true);
    expect(lostItsShade(primer, { shadeId: null })).toBe(false);
    expect(lostItsShade(primer, { shadeId: 12 })).toBe(true);
  });
});
