import { describe, expect, it } from 'vitest';
import { stockChangedOnly } from './catalogueChanges';
import type { ProductRow } from './ports';

const row = (id: number, changes: Partial<ProductRow> = {}): ProductRow => ({
  id,
  name: `Product ${id}`,
  brand: 'dior',
  category: 'lipstick',
  price: 10 + id,
  discount: 0,
  stock: 5,
  description: 'A lipstick.',
  image: `/images/${id}.webp`,
  rank: 4,
  reviews: 2,
  baseRank: 4,
  baseReviews: 2,
  disable: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  shades: [{ name: 'Red', hex: '#aa0000' }],
  ...changes,
});

/** The catalogue after `written` as the SQL store makes it: the entries not written, in order, then the written ones. */
const rewritten = (before: readonly ProductRow[], written: readonly ProductRow[]) => [...before.filter(({ id }) => !written.some((w) => w.id === id)), ...written];

const before = [1, 2, 3, 4, 5].map((id) => row(id));

describe('stockChangedOnly', () => {
  it('names the products whose stock alone changed, those written unchanged left out', () => {
    const after = rewritten(before, [row(2, { stock: 4 }), row(4, { stock: 9 }), row(5)]);
    expect(stockChangedOnly(before, after)).toEqual(new Set([2, 4]));
    expect(stockChangedOnly(before, before)).toEqual(new Set());
  });

  it('follows changes made one after another, as long as each kept what it did not write', () => {
    const once = rewritten(before, [row(1, { stock: 4 })]);
    const twice = rewritten(once, [row(3, { stock: 1 })]);
    expect(stockChangedOnly(before, twice)).toEqual(new Set([1, 3]));
  });

  it.each([
    ['a price', row(3, { price: 99 })],
    ['a discount', row(3, { discount: 10 })],
    ['a rating', row(3, { rank: 5, reviews: 3 })],
    ['a name', row(3, { name: 'Renamed' })],
    ['shades', row(3, { shades: [{ name: 'Black', hex: '#000000' }] })],
  ])('is null when %s changed, even beside a stock', (_change, changed) => {
    expect(stockChangedOnly(before, rewritten(before, [row(1, { stock: 1 }), changed]))).toBeNull();
  });

  it('is null when a product came or went', () => {
    expect(stockChangedOnly(before, rewritten(before, [row(6)]))).toBeNull();
    expect(stockChangedOnly(before, before.filter(({ id }) => id !== 2))).toBeNull();
    // One gone and one come: as many written as left, but not the same products.
    expect(stockChangedOnly(before, [...before.filter(({ id }) => id !== 2), row(6)])).toBeNull();
    expect(stockChangedOnly(before, [...before.filter(({ id }) => id !== 2), row(3, { stock: 2 })])).toBeNull();
  });

  it('compares every product of a catalogue read whole again', () => {
    expect(stockChangedOnly(before, before.map(({ id }) => row(id, id === 2 ? { stock: 1 } : {})))).toEqual(new Set([2]));
    expect(stockChangedOnly(before, before.map(({ id }) => row(id, id === 2 ? { price: 1 } : {})))).toBeNull();
  });

  it('is null past 1,000 products written (a catalogue of more read whole again among them), however little changed', () => {
    const large = Array.from({ length: 2000 }, (_, i) => row(i + 1));
    const written = large.slice(0, 1001).map(({ id }) => row(id));
    expect(stockChangedOnly(large, rewritten(large, written))).toBeNull();
    expect(stockChangedOnly(large, rewritten(large, written.slice(0, 1000)))).toEqual(new Set());
    expect(stockChangedOnly(large, large.map(({ id }) => row(id)))).toBeNull();
  });
});
