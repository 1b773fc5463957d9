import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '~/seed/seed';
import { catalogueChangeOf } from '~/server/core/catalogueChanges';
import type { ProductRow, Store } from '~/server/core/ports';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import { ownPostgres } from './ownPostgres';

const byId = (entries: readonly ProductRow[]) => [...entries].sort((a, b) => a.id - b.id);
/**
 * The entries of a change that differ from the catalogue before. On
 * PostgreSQL a snapshot's xmin is the cluster's: another test file's open
 * transaction holds it back, and products written a change earlier are read
 * again, unchanged.
 */
const differing = (changed: readonly ProductRow[], before: readonly ProductRow[]) =>
  changed.filter(
    (entry) =>
      !isDeepStrictEqual(
        entry,
        before.find(({ id }) => id === entry.id),
      ),
  );

describe.each([
  ['PGlite', openPglite],
  ['PostgreSQL', () => ownPostgres('catalogue_changes')],
] as const)('the storefront catalogue after a change, on %s', (name, open) => {
  let sql: Sql;
  let store: Store;
  /** The queries the store sent. */
  const sent: string[] = [];
  /** The catalogue as a store that holds none reads it: every product. */
  const readWhole = () => createSqlStore(sql).storefrontCatalogue();

  beforeAll(async () => {
    sql = await open();
    await migrate(sql);
    await seedCatalogue(createSqlStore(sql), 300);
    store = createSqlStore({ ...sql, query: (text, params) => (sent.push(text), sql.query(text, params)) });
  }, 60_000);
  afterAll(() => sql.close());

  it('reads only the products changed since the catalogue it holds, and makes the same catalogue as a whole read', async () => {
    const first = await store.storefrontCatalogue();
    // Whole rows, as the list reads them: a page shows them as they are in the catalogue read.
    expect(byId(first)).toEqual((await store.listProducts()).filter((product) => product.stock > 0 && !product.disable));
    const [renamed, soldOut, disabled, repriced] = first;
    await store.updateProduct(renamed!.id, { name: 'Renamed Gloss' });
    await store.takeStock(soldOut!.id, (await store.getProduct(soldOut!.id))!.stock);
    await store.updateProduct(disabled!.id, { disable: true });
    await store.transaction(async (tx) => {
      await tx.updateProduct(repriced!.id, { price: 77, discount: 10 });
      await tx.insertProduct({
        ...(await tx.getProduct(renamed!.id))!,
        name: 'Brand New',
        createdAt: new Date().toISOString(),
        shades: [],
      });
    });
    sent.length = 0;
    const second = await store.storefrontCatalogue();
    const productReads = sent.filter((text) => text.includes('FROM products'));
    expect(productReads).toHaveLength(1);
    expect(productReads[0]).toContain('WHERE changed_by >= $1');
    expect(byId(second)).toEqual(byId(await readWhole()));
    const change = catalogueChangeOf(second)!;
    expect(change.from).toBe(first);
    expect(
      differing(change.changed, first)
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['Brand New', 'Renamed Gloss', repriced!.name].sort());
    // PGlite has no other transaction to hold its xmin back: exactly the products written.
    if (name === 'PGlite') expect(change.changed).toHaveLength(3);
    // The held catalogue's products that left it; on PostgreSQL the change may also name products written since that were never on it.
    const heldIds = new Set(first.map((entry) => entry.id));
    expect(change.removed.filter((id) => heldIds.has(id)).sort((a, b) => a - b)).toEqual([soldOut!.id, disabled!.id].sort((a, b) => a - b));
    if (name === 'PGlite') expect(change.removed).toHaveLength(2);
    expect(second.find((entry) => entry.id === repriced!.id)).toMatchObject({ price: 77, discount: 10 });

    await store.addStock(soldOut!.id, 3);
    const third = await store.storefrontCatalogue();
    expect(differing(catalogueChangeOf(third)!.changed, second).map((entry) => entry.id)).toEqual([soldOut!.id]);
    if (name === 'PGlite') expect(catalogueChangeOf(third)!.changed).toHaveLength(1);
    expect(byId(third)).toEqual(byId(await readWhole()));
    // Only the last change is kept: the catalogue before is not held through it.
    expect(catalogueChangeOf(second)).toBeUndefined();
    expect(await store.storefrontCatalogue()).toBe(third);
  });

  it('sends no query while the version the process knows is the one it holds, and reads the change once it moves', async () => {
    let known = '';
    const databaseVersion = async () =>
      (await sql.query<{ version: string }>('SELECT version::text AS version FROM catalogue_version'))[0]!.version;
    const queries: string[] = [];
    const watched = createSqlStore({ ...sql, query: (text, params) => (queries.push(text), sql.query(text, params)) }, () => known);
    const held = await watched.storefrontCatalogue();
    known = await databaseVersion();
    queries.length = 0;
    expect(await watched.storefrontCatalogue()).toBe(held);
    expect(queries).toEqual([]);
    await watched.updateProduct(held[0]!.id, { price: 55 });
    expect(await watched.storefrontCatalogue()).toBe(held);
    // The process reads the version again after its own write (or is notified of another's).
    known = await databaseVersion();
    const after = await watched.storefrontCatalogue();
    expect(after.find((entry) => entry.id === held[0]!.id)).toMatchObject({ price: 55 });
  });

  it('reads the whole catalogue again once products were removed', async () => {
    const held = await store.storefrontCatalogue();
    const [gone] = held;
    await sql.query('DELETE FROM products WHERE id = $1', [gone!.id]);
    const after = await store.storefrontCatalogue();
    expect(catalogueChangeOf(after)).toBeUndefined();
    expect(after.map((entry) => entry.id)).not.toContain(gone!.id);
    expect(byId(after)).toEqual(byId(await readWhole()));
  });
});
