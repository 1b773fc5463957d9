import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '~/mocks/db';
import { createMockStore } from '~/mocks/store';
import { seedCatalogue } from '~/seed/seed';
import type { Store } from '~/server/core/ports';
import { migrate } from '~/server/db/migrate';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import { createSqlStore } from '~/server/db/store';
import { ownPostgres } from './ownPostgres';

/** A migrated SQL store on the database opened, and how to close it. */
const sqlStore = (open: () => Promise<Sql>) => async () => {
  const sql = await open();
  await migrate(sql);
  return { store: createSqlStore(sql), close: () => sql.close() };
};

describe.each([
  ['the in-memory store', async () => ({ store: createMockStore(createDatabase()), close: async () => undefined })],
  ['PGlite', sqlStore(openPglite)],
  ['PostgreSQL', sqlStore(() => ownPostgres('enabled_product_ids'))],
] as const)("the enabled products' ids, on %s", (_name, open) => {
  let store: Store;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await open());
    await seedCatalogue(store, 120);
  }, 60_000);
  afterAll(() => close());

  const enabledIds = async () => (await store.listProducts()).filter((product) => !product.disable).map((product) => product.id);

  it('are every product not disabled, sold-out ones among them, ascending; a product disabled or enabled again leaves or joins them', async () => {
    const [disabled, soldOut] = (await store.listProducts()).filter((product) => !product.disable);
    await store.updateProduct(disabled!.id, { disable: true });
    expect(await store.takeStock(soldOut!.id, soldOut!.stock)).toBe(true);

    const ids = await store.enabledProductIds();
    expect(ids).toEqual(await enabledIds());
    expect(ids).not.toContain(disabled!.id);
    expect(ids).toContain(soldOut!.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    await store.updateProduct(disabled!.id, { disable: false });
    expect(await store.enabledProductIds()).toEqual(await enabledIds());
    expect(await store.enabledProductIds()).toContain(disabled!.id);
  });

  it('are none when every product is disabled', async () => {
    for (const product of await store.listProducts()) await store.updateProduct(product.id, { disable: true });
    expect(await store.enabledProductIds()).toEqual([]);
  });
});
