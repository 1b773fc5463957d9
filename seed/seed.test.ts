import { expect, it } from 'vitest';
import { createDatabase } from '~/mocks/db';
import { createMockStore } from '~/mocks/store';
import { seedStore } from './seed';

it('seeded orders name the shade each line of a product with shades was bought in, as it is in the catalogue', async () => {
  const store = createMockStore(createDatabase());
  await seedStore(store, 60);
  const products = new Map((await store.listProducts()).map((product) => [product.id, product]));
  const lines = (await store.listOrders()).flatMap((order) => order.lines);
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) {
    const shades = products.get(line.productId)!.shades;
    const shade = shades.find((s) => s.id === line.shadeId);
    if (shades.length === 0) expect([line.shadeId, line.shadeName, line.shadeHex]).toEqual([null, null, null]);
    else expect([line.shadeName, line.shadeHex, line.image]).toEqual([shade?.name, shade?.hex, shade?.image]);
  }
  expect(lines.some((line) => line.shadeName)).toBe(true);
});
