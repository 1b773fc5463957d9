import { describe, expect, it } from 'vitest';
import { seedCatalogue } from '~/seed/seed';
import { createDatabase } from './db';
import { createMockStore } from './store';

describe('the in-memory store', () => {
  it('answers the same storefront catalogue until a product changes, so what is made from it is kept', async () => {
    const store = createMockStore(createDatabase());
    await seedCatalogue(store, 20);
    const first = await store.storefrontCatalogue();
    expect(await store.storefrontCatalogue()).toBe(first);
    const [product] = first;

    await store.updateProduct(product!.id, { name: 'Renamed Gloss' });
    const renamed = await store.storefrontCatalogue();
    expect(renamed).not.toBe(first);
    expect(renamed.find((entry) => entry.id === product!.id)!.name).toBe('Renamed Gloss');
    expect(await store.storefrontCatalogue()).toBe(renamed);

    const stock = (await store.getProduct(product!.id))!.stock;
    await store.takeStock(product!.id, stock);
    const soldOut = await store.storefrontCatalogue();
    expect(soldOut.map((entry) => entry.id)).not.toContain(product!.id);
    await store.addStock(product!.id, 1);
    expect((await store.storefrontCatalogue()).map((entry) => entry.id)).toContain(product!.id);

    const before = await store.storefrontCatalogue();
    await expect(
      store.transaction(async (tx) => {
        await tx.updateProduct(product!.id, { disable: true });
        expect((await tx.storefrontCatalogue()).map((entry) => entry.id)).not.toContain(product!.id);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const after = await store.storefrontCatalogue();
    expect(after).toEqual(before);
    expect(after.map((entry) => entry.id)).toContain(product!.id);
  });

  it('finds the products whose name holds a part, ignoring case, with LIKE characters taken as text', async () => {
    const store = createMockStore(createDatabase());
    await seedCatalogue(store, 40);
    const products = await store.listProducts();
    const part = products[0]!.name.split(' ')[1]!.slice(0, 3);
    const expected = products.filter((p) => p.name.toLowerCase().includes(part.toLowerCase()));
    expect(await store.listProducts({ name: part.toUpperCase() })).toEqual(expected);
    expect(await store.listProducts({ name: '%' })).toEqual([]);
  });
});
