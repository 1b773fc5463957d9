import { expect, it } from 'vitest';
import type { ProductRow, Store } from '~/server/core/ports';
import { createSqlStore } from '~/server/db/store';
import type { Cart } from '~/src/domain/types';
import { coreUnderTest } from './coreUnderTest';
import { pgliteForFile } from './pgliteForFile';
import { ADMIN, SHOPPER } from './suiteApi';

const sql = pgliteForFile();

/**
 * A cart read takes its products on the storefront from the catalogue the
 * process holds, which may lag a write another process made (its
 * notification not yet come). Here the catalogue stays as it was before a
 * shade was added: the line of the new shade is judged on the database's
 * rows, kept and shown with its shade; a product the catalogue has not got
 * (disabled) is read from the database.
 */
for (const backend of ['mock', 'PGlite'] as const) {
  it(`a cart read keeps a line of a shade the held catalogue does not know yet, and shows a disabled product's line (${backend})`, async () => {
    const held: { catalogue: readonly ProductRow[] | null } = { catalogue: null };
    const core = await coreUnderTest({
      productCount: 20,
      ...(backend === 'PGlite' ? { store: createSqlStore(sql()) } : {}),
      wrapStore: (store): Store => ({ ...store, storefrontCatalogue: async () => held.catalogue ?? store.storefrontCatalogue() }),
    });
    const [shaded, disabled] = (await core.store.listProducts()).filter((p) => p.shades.length > 0 && p.stock > 0 && !p.disable);
    held.catalogue = await core.store.storefrontCatalogue();
    const added = await core.call(ADMIN, 'updateProduct', {
      body: { id: shaded!.id, shades: [...shaded!.shades, { name: 'Brand New Red', hex: '#c0102a', stock: 4 }] },
    });
    expect(added.status).toBe(200);
    const newShade = added.body.shades.at(-1)!;
    const merged = await core.call<Cart>(SHOPPER, 'mergeCart', {
      body: {
        userID: SHOPPER.uid,
        allProducts: [
          { productId: shaded!.id, shadeId: newShade.id, quantity: 2 },
          { productId: disabled!.id, shadeId: disabled!.shades[0]!.id, quantity: 1 },
        ],
      },
    });
    expect(merged.status).toBe(200);
    expect((await core.call(ADMIN, 'updateProduct', { body: { id: disabled!.id, disable: true } })).status).toBe(200);

    const read = await core.call<Cart>(SHOPPER, 'getCart', { path: { userId: SHOPPER.uid } });
    expect(read.status).toBe(200);
    expect(read.body.removed).toEqual([]);
    expect(read.body.lines.map(({ productId, shadeId, quantity }) => ({ productId, shadeId, quantity }))).toEqual([
      { productId: shaded!.id, shadeId: newShade.id, quantity: 2 },
      { productId: disabled!.id, shadeId: disabled!.shades[0]!.id, quantity: 1 },
    ]);
    expect(read.body.lines[0]!.product.shades.map((shade) => shade.name)).toContain('Brand New Red');
    expect(read.body.lines[1]!.product.disable).toBe(true);
  });
}
