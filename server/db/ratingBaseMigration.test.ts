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

it('keeps the rank and reviews of products nobody rated in the shop before migration 006 as their base', async () => {
  await migrate(sql, { before: '006' });
  const insert = (name: string, rank: number, reviews: number) =>
    sql.query<{ id: number }>(
      `INSERT INTO products (name, brand, category, price, stock, description, image, rank, reviews)
       VALUES ($1, 'dior', 'lipstick', 10, 5, '<p>Soft</p>', '/images/products/lipstick-a4161a.svg', $2, $3) RETURNING id`,
      [name, rank, reviews],
    );
  const [seeded] = await insert('Seeded Lipstick', 4.5, 120);
  const [unrated] = await insert('Unrated Lipstick', 0, 0);
  // Rated in the shop before the fix: its seeded figures were already replaced by that one rating.
  const [rated] = await insert('Rated Lipstick', 1, 1);
  await sql.query("INSERT INTO users (id, username, email, type) VALUES ('u1', 'shopper01', 'u1@makeup.test', 'User')");
  await sql.query('INSERT INTO ratings (user_id, product_id, rating) VALUES ($1, $2, 1)', ['u1', rated!.id]);

  await migrate(sql);
  const store = createSqlStore(sql);
  const figures = async (id: number) => {
    const { rank, reviews, baseRank, baseReviews } = (await store.getProduct(id))!;
    return { rank, reviews, baseRank, baseReviews };
  };
  expect(await figures(seeded!.id)).toEqual({ rank: 4.5, reviews: 120, baseRank: 4.5, baseReviews: 120 });
  expect(await figures(unrated!.id)).toEqual({ rank: 0, reviews: 0, baseRank: 0, baseReviews: 0 });
  expect(await figures(rated!.id)).toEqual({ rank: 1, reviews: 1, baseRank: 0, baseReviews: 0 });
});
