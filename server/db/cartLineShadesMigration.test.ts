import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { Sql } from './sql';
import { createSqlStore } from './store';

let sql: Sql;
beforeEach(async () => {
  sql = await openPglite();
});
afterEach(() => sql.close());

/** A product, with shades of these stocks in position order: its id and its shades' ids. */
async function product(stocks: number[]) {
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO products (name, brand, category, price, stock, description, image)
     VALUES ('Velvet Lipstick', 'dior', 'lipstick', 20, $1, '<p>Soft</p>', '/images/products/lipstick-b22234.svg') RETURNING id`,
    [stocks.reduce((sum, stock) => sum + stock, 0)],
  );
  const shades: number[] = [];
  for (const [position, stock] of stocks.entries()) {
    const [shade] = await sql.query<{ id: number }>(
      `INSERT INTO product_shades (product_id, position, name, hex, stock, image)
       VALUES ($1, $2, $3, '#b22234', $4, '/images/products/lipstick-b22234.svg') RETURNING id`,
      [row!.id, position, `Shade ${position}`, stock],
    );
    shades.push(shade!.id);
  }
  return { id: row!.id, shades };
}

it('gives each cart line of a product with shades its first shade in stock at migration 019, and one without shades none', async () => {
  await migrate(sql, { before: '019' });
  const soldOutFirst = await product([0, 2, 5]);
  const allSoldOut = await product([0, 0]);
  const plain = await product([]);
  await sql.query(`INSERT INTO users (id, username, email, type) VALUES ('u1', 'ana', 'u1@makeup.test', 'User')`);
  const [cart] = await sql.query<{ id: number }>(`INSERT INTO carts (user_id) VALUES ('u1') RETURNING id`);
  for (const [position, id] of [soldOutFirst.id, allSoldOut.id, plain.id].entries()) {
    await sql.query('INSERT INTO cart_lines (cart_id, product_id, quantity, position) VALUES ($1, $2, 1, $3)', [cart!.id, id, position]);
  }
  await migrate(sql);
  const store = createSqlStore(sql);
  expect((await store.getCartByUser('u1'))!.lines).toEqual([
    { productId: soldOutFirst.id, shadeId: soldOutFirst.shades[1], quantity: 1 },
    { productId: allSoldOut.id, shadeId: allSoldOut.shades[0], quantity: 1 },
    { productId: plain.id, shadeId: null, quantity: 1 },
  ]);
  // Two shades of a product are two lines; a product without shades has one.
  const two = [
    { productId: soldOutFirst.id, shadeId: soldOutFirst.shades[1]!, quantity: 1 },
    { productId: soldOutFirst.id, shadeId: soldOutFirst.shades[2]!, quantity: 2 },
  ];
  expect((await store.setCartLines(cart!.id, two)).lines).toEqual(two);
  const twice = { productId: plain.id, shadeId: null, quantity: 1 };
  await expect(store.setCartLines(cart!.id, [twice, twice])).rejects.toThrow(/cart_lines_line/);
});
