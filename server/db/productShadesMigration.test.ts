import { afterEach, beforeEach, expect, it } from 'vitest';
import { spreadStock } from '~/src/domain/shades';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { Sql } from './sql';
import { createSqlStore } from './store';

let sql: Sql;
beforeEach(async () => {
  sql = await openPglite();
});
afterEach(() => sql.close());

it("spreads each product's stock over its shades at migration 018, the remainder to the first ones, keeping the sum and the picture", async () => {
  await migrate(sql, { before: '018' });
  const shades = [
    { name: 'Classic Red', hex: '#b22234' },
    { name: 'Nude Pink', hex: '#e3a199' },
    { name: 'Berry', hex: '#7b2a47' },
  ];
  for (const [stock, list] of [
    [10, shades],
    [2, shades],
    [6, []],
  ] as const) {
    await sql.query(
      `INSERT INTO products (name, brand, category, price, stock, description, image, shades)
       VALUES ('Velvet Lipstick', 'dior', 'lipstick', 20, $1, '<p>Soft</p>', '/images/products/lipstick-b22234.svg', $2)`,
      [stock, JSON.stringify(list)],
    );
  }
  await migrate(sql);
  const [ten, two, plain] = await createSqlStore(sql).listProducts();
  expect(ten!.shades.map(({ name, hex, stock, image }) => ({ name, hex, stock, image }))).toEqual([
    { name: 'Classic Red', hex: '#b22234', stock: 4, image: '/images/products/lipstick-b22234.svg' },
    { name: 'Nude Pink', hex: '#e3a199', stock: 3, image: '/images/products/lipstick-b22234.svg' },
    { name: 'Berry', hex: '#7b2a47', stock: 3, image: '/images/products/lipstick-b22234.svg' },
  ]);
  expect(two!.shades.map((shade) => shade.stock)).toEqual([1, 1, 0]);
  // As the seed spreads a product's stock, so both agree.
  expect(two!.shades.map((shade) => shade.stock)).toEqual(spreadStock(2, 3));
  expect([ten!.stock, two!.stock]).toEqual([10, 2]);
  expect(plain).toMatchObject({ stock: 6, shades: [] });
  expect(new Set([...ten!.shades, ...two!.shades].map((shade) => shade.id)).size).toBe(6);
});
