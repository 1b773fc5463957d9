import { expect, it } from 'vitest';
import type { Store } from '~/server/core/ports';
import { shadesStock } from '~/src/domain/shades';
import { coreUnderTest } from './coreUnderTest';
import { ADMIN } from './suiteApi';

/**
 * The Admin's edit of a product with shades reads the product before it
 * writes; a sale may take stock off its shades in between. The form sends
 * the stock it showed, which the check finds equal to the stock read.
 */
it("an edit sending the stock it read, while a sale takes some, leaves the product's stock the sum of its shades", async () => {
  const sale = { productId: 0 };
  const core = await coreUnderTest({
    productCount: 20,
    wrapStore: (store): Store => ({
      ...store,
      async getProduct(id) {
        const read = await store.getProduct(id);
        if (id === sale.productId) {
          sale.productId = 0;
          expect(await store.takeStock(id, 1)).toBe(true);
        }
        return read;
      },
    }),
  });
  const product = (await core.store.listProducts()).find((p) => p.shades.length > 1 && p.stock > 1)!;
  sale.productId = product.id;
  const edit = await core.call(ADMIN, 'updateProduct', { body: { id: product.id, name: 'Edited During A Sale', stock: product.stock } });
  expect(edit.status).toBe(200);
  const after = (await core.store.getProduct(product.id))!;
  expect(after).toMatchObject({ name: 'Edited During A Sale', stock: product.stock - 1 });
  expect(after.stock).toBe(shadesStock(after.shades));
});
