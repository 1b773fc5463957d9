import { expect, it } from 'vitest';
import type { Store } from '~/server/core/ports';
import { createSqlStore } from '~/server/db/store';
import { shadesStock } from '~/src/domain/shades';
import { coreUnderTest } from './coreUnderTest';
import { pgliteForFile } from './pgliteForFile';
import { ADMIN } from './suiteApi';

const sql = pgliteForFile();

/**
 * The Admin's edit checks the shade ids it is sent against the product it
 * read; another Admin may remove a shade in between. The edit naming it is
 * refused as one naming a shade not of the product, on either store.
 */
for (const backend of ['mock', 'PGlite'] as const) {
  it(`an edit naming a shade another Admin removed since it was read is 400 field shades, changing nothing (${backend})`, async () => {
    const race = { productId: 0 };
    const core = await coreUnderTest({
      productCount: 20,
      ...(backend === 'PGlite' ? { store: createSqlStore(sql()) } : {}),
      wrapStore: (store): Store => ({
        ...store,
        async getProduct(id) {
          const read = await store.getProduct(id);
          if (id === race.productId) {
            race.productId = 0;
            await store.updateProduct(id, { shades: [read!.shades[0]!], stock: read!.shades[0]!.stock });
          }
          return read;
        },
      }),
    });
    const product = (await core.store.listProducts()).find((p) => p.shades.length > 1)!;
    race.productId = product.id;
    const edit = await core.call(ADMIN, 'updateProduct', {
      body: { id: product.id, shades: product.shades.map((shade) => ({ ...shade, stock: 5 })) },
    });
    expect(edit).toMatchObject({ status: 400, body: { error: { field: 'shades' } } });
    const after = (await core.store.getProduct(product.id))!;
    expect(after.shades).toEqual([product.shades[0]]);
    expect(after.stock).toBe(shadesStock(after.shades));
  });
}
