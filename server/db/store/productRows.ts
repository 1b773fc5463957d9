import type { Brand, Category } from '~/src/domain/constants';
import type { ProductRow } from '~/server/core/ports';
import { ITEMS_PER_TURN, nextTurn } from '~/server/core/turns';
import type { Sql } from '../sql';
import { iso, json, type Row } from './rows';

/** A row of products p's shades, in position order, as one JSON array. */
const SHADES_OF_P = `(SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'hex', s.hex, 'stock', s.stock, 'image', s.image)
  ORDER BY s.position), '[]') FROM product_shades s WHERE s.product_id = p.id)`;

/** A product's columns with its shades, for a SELECT from products p: every read of products reads this. */
export const PRODUCT_COLUMNS = `p.*, ${SHADES_OF_P} AS shades`;

export const toProduct = (r: Row): ProductRow => ({
  id: Number(r.id),
  name: String(r.name),
  brand: r.brand as Brand,
  category: r.category as Category,
  price: Number(r.price),
  discount: Number(r.discount),
  stock: Number(r.stock),
  description: String(r.description),
  image: String(r.image),
  rank: Number(r.rank),
  reviews: Number(r.reviews),
  baseRank: Number(r.base_rank),
  baseReviews: Number(r.base_reviews),
  disable: Boolean(r.disable),
  createdAt: iso(r.created_at),
  shades: json(r.shades),
});

/** onStorefront in SQL. */
export const ON_STOREFRONT = 'WHERE stock > 0 AND NOT disable';

let cursors = 0;

/**
 * The products the condition finds, by id, read in one snapshot through a
 * cursor in the transaction `tx`, ITEMS_PER_TURN rows at a time, with a turn of
 * the event loop between two slices. In one statement, 100,000 products
 * held the event loop for 7 s on PGlite, which makes its rows synchronously,
 * and for about 1 s on PostgreSQL. Each row is fetched as one JSON value:
 * PGlite makes rows of one column three times faster than of sixteen.
 */
export async function productsInTurns(tx: Sql, where: string, params: readonly unknown[]): Promise<ProductRow[]> {
  const cursor = `whole_list_${++cursors}`;
  await tx.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(p) AS product FROM (SELECT ${PRODUCT_COLUMNS} FROM products p ${where} ORDER BY id) p`,
    params,
  );
  const products: ProductRow[] = [];
  for (;;) {
    const rows = await tx.query<{ product: Row }>(`FETCH ${ITEMS_PER_TURN} FROM ${cursor}`);
    for (const row of rows) products.push(toProduct(row.product));
    if (rows.length < ITEMS_PER_TURN) break;
    await nextTurn();
  }
  await tx.query(`CLOSE ${cursor}`);
  return products;
}
