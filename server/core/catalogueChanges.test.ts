import { describe, expect, it } from 'vitest';
import { productChanges } from './catalogueChanges';
import { makeProductRow } from '~/tests/fixtures/product';
import type { ProductRow } from './ports';

const row = (id: number, changes: Partial<ProductRow> = {}) =>
  makeProductRow({
    id,
    name: `Product ${id}`,
    shades: [{ id, name: 'Red', hex: '#aa0000', stock: 1, image: '/images/products/lipstick-aa0000.svg' }],
    ...changes,
  });

/** The catalogue after `written` as the SQL store makes it: the entries not written, in order, then the written ones. */
const rewritten = (before: readonly ProductRow[], written: readonly ProductRow[]) => [
  ...before.filter(({ id }) => !written.some((w) => w.id === id)),
  ...written,
];

const before = [1, 2, 3, 4, 5].map((id) => row(id));
/** The ids of the changes, each with what changed: came, went, or the fields. */
const told = (changes: ReturnType<typeof productChanges>) =>
  changes?.map(([was, now]) => [
    (was ?? now)!.id,
    !was
      ? 'came'
      : !now
        ? 'went'
        : Object.keys(now).filter((key) => JSON.stringify(was[key as keyof ProductRow]) !== JSON.stringify(now[key as keyof ProductRow])),
  ]);

describe('productChanges', () => {
  it('gives each product written that changed, as it was and as it is, those written unchanged left out', () => {
    const after = rewritten(before, [row(2, { stock: 4 }), row(4, { price: 9 }), row(5)]);
    expect(productChanges(before, after)).toEqual([
      [before[1], after[2]],
      [before[3], after[3]],
    ]);
    expect(productChanges(before, before)).toEqual([]);
  });

  it('follows changes made one after another, as long as each kept what it did not write', () => {
    const once = rewritten(before, [row(1, { stock: 4 })]);
    const twice = rewritten(once, [row(3, { name: 'Renamed', shades: [] })]);
    expect(told(productChanges(before, twice))).toEqual([
      [1, ['stock']],
      [3, ['name', 'shades']],
    ]);
  });

  it('tells a product that came or went', () => {
    expect(told(productChanges(before, rewritten(before, [row(6)])))).toEqual([[6, 'came']]);
    expect(
      told(
        productChanges(
          before,
          before.filter(({ id }) => id !== 2),
        ),
      ),
    ).toEqual([[2, 'went']]);
    expect(told(productChanges(before, [...before.filter(({ id }) => id !== 2 && id !== 3), row(6), row(3, { stock: 2 })]))).toEqual([
      [6, 'came'],
      [3, ['stock']],
      [2, 'went'],
    ]);
  });

  it('compares every product of a catalogue read whole again', () => {
    expect(
      told(
        productChanges(
          before,
          before.map(({ id }) => row(id, id === 2 ? { discount: 5 } : {})),
        ),
      ),
    ).toEqual([[2, ['discount']]]);
  });

  it('is null past 1,000 products written (a catalogue of more read whole again among them), however little changed', () => {
    const large = Array.from({ length: 2000 }, (_, i) => row(i + 1));
    const written = large.slice(0, 1001).map(({ id }) => row(id));
    expect(productChanges(large, rewritten(large, written))).toBeNull();
    expect(productChanges(large, rewritten(large, written.slice(0, 1000)))).toEqual([]);
    expect(
      productChanges(
        large,
        large.map(({ id }) => row(id)),
      ),
    ).toBeNull();
    expect(productChanges(large, [...large, ...written.map(({ id }) => row(id + 5000))])).toBeNull();
  });
});
