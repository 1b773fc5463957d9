import { describe, expect, it } from 'vitest';
import { makeProduct } from '~/tests/fixtures/product';
import { lineOf } from './cartLine';
import { fitToStock, heldLinesOf, lostInMerge, stockChangeMessage } from './cartStock';

const blush = makeProduct({ name: 'Rosy Blush', stock: 2 });
const liner = makeProduct({ name: 'Kohl Liner', stock: 0 });
const gloss = makeProduct({ name: 'Clear Gloss', stock: 9, disable: true });
const mascara = makeProduct({ name: 'Volume Mascara', stock: 10 });
const held = (product: typeof blush, amount: number) => ({ ...lineOf(product), amount, ...(product.disable ? { disabled: true } : {}) });

describe('fitting a cart to the stock (the spec: the cart stepper cannot exceed stock)', () => {
  it('keeps the server quantity uncapped when reading the server cart, and marks a disabled product', () => {
    const lines = heldLinesOf({
      id: 1,
      userId: 'u1',
      totalPrice: 0,
      lines: [
        { productId: blush.id, shadeId: null, quantity: 5, product: blush },
        { productId: gloss.id, shadeId: null, quantity: 1, product: gloss },
      ],
      removed: [],
    });
    expect(lines.map(({ id, amount, disabled }) => ({ id, amount, disabled }))).toEqual([
      { id: blush.id, amount: 5, disabled: undefined },
      { id: gloss.id, amount: 1, disabled: true },
    ]);
  });

  it('lowers a quantity above the stock, removes a line sold out or no longer sold, and says which', () => {
    const { lines, changes } = fitToStock([held(blush, 5), held(liner, 1), held(gloss, 1), held(mascara, 3)]);
    expect(lines).toEqual([lineOf(blush, 2), lineOf(mascara, 3)]);
    expect(changes.map(stockChangeMessage)).toEqual([
      'Only 2 left of Rosy Blush: quantity changed from 5 to 2.',
      'Kohl Liner is out of stock: removed from your cart.',
      'Clear Gloss is no longer available: removed from your cart.',
    ]);
  });

  it('leaves a line it is told to as held, above the stock or sold out, and says nothing of it', () => {
    const left = (line: { id: number }) => line.id !== mascara.id;
    const { lines, changes } = fitToStock([held(blush, 5), held(liner, 1), held(mascara, 12)], left);
    expect(lines).toEqual([held(blush, 5), held(liner, 1), lineOf(mascara, 10)]);
    expect(changes.map(stockChangeMessage)).toEqual(['Only 10 left of Volume Mascara: quantity changed from 12 to 10.']);
  });

  it('changes nothing of a cart within the stock', () => {
    expect(fitToStock([lineOf(blush, 2), lineOf(mascara)])).toEqual({ lines: [lineOf(blush, 2), lineOf(mascara)], changes: [] });
  });

  it('tells what the sign-in merge capped or left out of the local lines', () => {
    const changes = lostInMerge(
      [lineOf(mascara, 4), lineOf(blush, 2), lineOf(liner)],
      [lineOf(mascara, 4), { ...lineOf(blush), amount: 1 }],
    );
    expect(changes.map(stockChangeMessage)).toEqual([
      'Only 1 left of Rosy Blush: quantity changed from 2 to 1.',
      'Kohl Liner is no longer available: removed from your cart.',
    ]);
  });

  it('tells a product the sign-in merge left out of a full cart (a cart holds at most 100 lines) by name', () => {
    const full = Array.from({ length: 100 }, () => lineOf(makeProduct({ stock: 5 })));
    const changes = lostInMerge([lineOf(mascara), full[0]!], full);
    expect(changes.map(stockChangeMessage)).toEqual(['Volume Mascara was not added: your cart can hold 100 products at most.']);
  });
});

describe('lines in shades', () => {
  const shade = (id: number, stock: number) => ({ id, name: `Shade ${id}`, hex: '#aa3344', stock, image: `/images/${id}.svg` });
  const lipstick = makeProduct({ name: 'Velvet Lipstick', stock: 3, shades: [shade(1, 1), shade(2, 2)] });

  it("caps each line at its shade's stock and names the shade", () => {
    const { lines, changes } = fitToStock([{ ...lineOf(lipstick, 1, 1), amount: 3 }, lineOf(lipstick, 2, 2)]);
    expect(lines).toEqual([lineOf(lipstick, 1, 1), lineOf(lipstick, 2, 2)]);
    expect(changes.map(stockChangeMessage)).toEqual(['Only 1 left of Velvet Lipstick (Shade 1): quantity changed from 3 to 1.']);
  });

  it("DECISIONS: a removed shade leaves carts and the shopper is told at the next load (the server's Cart.removed)", () => {
    const held = heldLinesOf({
      id: 1,
      userId: 'u1',
      totalPrice: 0,
      lines: [{ productId: lipstick.id, shadeId: 2, quantity: 1, product: lipstick }],
      removed: [{ productId: lipstick.id, productName: 'Velvet Lipstick', shadeId: 3 }],
    });
    const shown = [lineOf(lipstick, 1, 2), { ...lineOf(lipstick, 1, 1), shade: { id: 3, name: 'Classic Red', hex: '#b0102a' } }];
    const { lines, changes } = fitToStock(held, undefined, shown);
    expect(lines).toEqual([lineOf(lipstick, 1, 2)]);
    expect(changes).toEqual([
      { id: lipstick.id, shadeId: 3, name: 'Velvet Lipstick (Classic Red)', from: 0, to: 0, reason: 'shadeRemoved' },
    ]);
    expect(changes.map(stockChangeMessage)).toEqual(['Velvet Lipstick (Classic Red): that shade is no longer sold and left your cart.']);
    // A shade the shopper's lines do not name (another tab's line) is told of by the product alone.
    expect(fitToStock(held).changes.map(stockChangeMessage)).toEqual(['Velvet Lipstick: that shade is no longer sold and left your cart.']);
    // A change waiting on that line (the shopper changed it meanwhile) does not silence the one notice the server gives.
    expect(fitToStock(held, () => true, shown).changes.map((change) => change.reason)).toEqual(['shadeRemoved']);
  });

  it('keeps a line the merge was sent without a shade as the shade the server took', () => {
    expect(lostInMerge([lineOf(lipstick, 2)], [lineOf(lipstick, 2, 2)])).toEqual([]);
    expect(lostInMerge([lineOf(lipstick, 1, 1)], [lineOf(lipstick, 2, 2)]).map((change) => change.reason)).toEqual(['unavailable']);
  });
});
