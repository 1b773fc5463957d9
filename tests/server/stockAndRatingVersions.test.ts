import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '~/seed/seed';
import type { Store } from '~/server/core/ports';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import { ownPostgres } from './ownPostgres';

/** Migration 014: a change of stock or ratings only moves the version one up, any other to the next multiple of this. */
const OTHER = 2n ** 20n;

describe.each([
  ['PGlite', openPglite],
  ['PostgreSQL', () => ownPostgres('stock_and_rating_versions')],
] as const)('the catalogue version, on %s', (_name, open) => {
  let sql: Sql;
  let store: Store;
  const version = async () => {
    const [row] = await sql.query<{ version: string; removedIn: string }>(
      'SELECT version::text AS version, removed_in::text AS "removedIn" FROM catalogue_version',
    );
    return { version: BigInt(row!.version), removedIn: BigInt(row!.removedIn) };
  };
  /** How the version moved across the change: one up, or to the next multiple of OTHER. */
  const moveOf = async (change: () => Promise<unknown>) => {
    const before = (await version()).version;
    await change();
    const after = (await version()).version;
    if (after === before + 1n && after % OTHER !== 0n) return 'stock or ratings';
    if (after === (before / OTHER + 1n) * OTHER) return 'other';
    return `moved from ${before} to ${after}`;
  };

  beforeAll(async () => {
    sql = await open();
    await migrate(sql);
    store = createSqlStore(sql);
    await seedCatalogue(store, 20);
  }, 60_000);
  afterAll(() => sql.close());

  it('moves one up for what checkouts, cancellations and ratings write: stock, rank and reviews', async () => {
    expect(await moveOf(() => store.takeStock(1, 1))).toBe('stock or ratings');
    expect(await moveOf(() => store.addStock(1, 1))).toBe('stock or ratings');
    expect(await moveOf(() => store.updateProduct(2, { rank: 4.5, reviews: 9 }))).toBe('stock or ratings');
    // Selling the last unit too: the pages may show it a moment late, the order is checked against the stock.
    expect(await moveOf(() => store.updateProduct(3, { stock: 0 }))).toBe('stock or ratings');
    const { shades } = (await store.getProduct(1))!;
    const restocked = shades.map((shade) => ({ ...shade, stock: shade.stock + 1 }));
    expect(await moveOf(() => store.updateProduct(1, { shades: restocked, stock: restocked.reduce((sum, s) => sum + s.stock, 0) }))).toBe(
      'stock or ratings',
    );
  });

  it('moves to the next multiple of 2^20 for any other change, even beside stock', async () => {
    const product = (await store.getProduct(4))!;
    expect(await moveOf(() => store.updateProduct(4, { price: product.price + 1 }))).toBe('other');
    expect(await moveOf(() => store.updateProduct(4, { stock: product.stock + 5, discount: product.discount + 1 }))).toBe('other');
    expect(await moveOf(() => store.updateProduct(4, { disable: true }))).toBe('other');
    expect(await moveOf(() => store.updateProduct(4, { description: `${product.description}.` }))).toBe('other');
    expect(await moveOf(() => store.insertProduct({ ...product, name: 'New Gloss' }))).toBe('other');
    const [first, ...rest] = product.shades;
    expect(await moveOf(() => store.updateProduct(4, { shades: [{ ...first!, name: 'Renamed Shade' }, ...rest] }))).toBe('other');
  });

  it('records a removal in the version it moved to, as the storefront catalogue reads it', async () => {
    expect(await moveOf(() => sql.query('DELETE FROM products WHERE id = 5'))).toBe('other');
    const { version: after, removedIn } = await version();
    expect(removedIn).toBe(after);
    expect((await store.storefrontCatalogue()).some((entry) => entry.id === 5)).toBe(false);
  });
});
