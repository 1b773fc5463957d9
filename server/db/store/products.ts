import type { ProductTableColumn } from '~/src/domain/productTable';
import type { NewProduct, NewShade, ProductPageQuery, ProductPatch, ProductStore } from '~/server/core/ports';
import { badRequest } from '~/server/core/errors';
import { takingTurns } from '~/server/core/turns';
import { SHADE_MESSAGES } from '~/src/domain/shades';
import type { Sql } from '../sql';
import { storefrontCatalogueOf } from './catalogue';
import { PRODUCT_COLUMNS, productsInTurns, toProduct } from './productRows';
import { assignments, likePattern, rowReader } from './rows';

/** Product fields and their columns, for partial updates. */
const COLUMNS: Record<Exclude<keyof ProductPatch, 'shades'>, string> = {
  name: 'name',
  brand: 'brand',
  category: 'category',
  price: 'price',
  discount: 'discount',
  stock: 'stock',
  description: 'description',
  image: 'image',
  rank: 'rank',
  reviews: 'reviews',
  disable: 'disable',
};
const ENABLED_PRODUCT_IDS = `SELECT coalesce(json_agg(id ORDER BY id), '[]')::text AS ids FROM products WHERE NOT disable`;

/**
 * What each column of the Admin's product table sorts by. Text by its
 * lower case in code-point order (COLLATE "C"), whatever the database's
 * locale, as the in-memory store compares; the final price by
 * price x (100 - discount), exact, which orders as the rounded final price.
 */
const PRODUCT_PAGE_ORDER: Record<ProductTableColumn, string> = {
  name: 'lower(name) COLLATE "C"',
  brand: 'lower(brand) COLLATE "C"',
  price: 'price',
  discount: 'discount',
  totalPrice: 'price * (100 - discount)',
  stock: 'stock',
  status: 'disable',
};

/**
 * One page of products and how many match, in one statement (one
 * snapshot); a page past the end is one row of nulls with the count. The
 * page's ids are sorted alone, with their sort key, and only its rows are
 * then read whole: sorting 100,000 whole rows (descriptions and all) to
 * skip most of them took seconds on PGlite.
 */
const productPageQuery = ({ name, sort, order, offset, limit }: ProductPageQuery) => {
  const params: unknown[] = [limit, offset];
  let where = '';
  if (name) {
    params.push(likePattern(name));
    where = `WHERE lower(name) LIKE $${params.length}`;
  }
  const direction = order === 'desc' ? 'DESC' : 'ASC';
  const key = sort ? PRODUCT_PAGE_ORDER[sort] : 'id';
  const text = `SELECT ${PRODUCT_COLUMNS}, t.total FROM (SELECT count(*)::int AS total FROM products ${where}) t
    LEFT JOIN LATERAL (SELECT id, ${key} AS sort_key FROM products ${where} ORDER BY ${key} ${direction}, id ${direction} LIMIT $1 OFFSET $2) page ON true
    LEFT JOIN products p ON p.id = page.id
    ORDER BY page.sort_key ${direction}, page.id ${direction}`;
  return { text, params };
};

/**
 * Admin table pages read at once; the others wait their turn. A page sorted
 * with a name most products hold (no index serves either) scans and sorts
 * them all, 0.2-0.4 s at 100,000 on PostgreSQL: forty at once took every
 * connection of the pool (10), and a read waiting longer than
 * CONNECT_TIMEOUT_MS for one answered 503, as did the shop's other requests
 * meanwhile. Three keep a two-core database busy.
 */
export const TABLE_PAGES_AT_ONCE = 3;

/** A new product as a row of jsonb_to_recordset in INSERT_PRODUCTS: its rank and reviews are its base. */
const productRecord = ({ baseRank = 0, baseReviews = 0, createdAt, shades: _shades, ...product }: NewProduct) => ({
  disable: false,
  ...product,
  rank: baseRank,
  reviews: baseReviews,
  base_rank: baseRank,
  base_reviews: baseReviews,
  created_at: createdAt ?? new Date().toISOString(),
});

/** Many products in one statement, ids answered in the order of the records. */
const INSERT_PRODUCTS = `INSERT INTO products (name, brand, category, price, discount, stock, description, image, rank, reviews, base_rank, base_reviews, disable, created_at)
  SELECT name, brand, category, price, discount, stock, description, image, rank, reviews, base_rank, base_reviews, disable, created_at
  FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (name text, brand text, category text, price numeric, discount int, stock int,
    description text, image text, rank numeric, reviews int, base_rank numeric, base_reviews int, disable boolean, created_at timestamptz))
    WITH ORDINALITY AS p(name, brand, category, price, discount, stock, description, image, rank, reviews, base_rank, base_reviews, disable, created_at, position)
  ORDER BY position
  RETURNING id`;

/** Shades, new ones (no id) inserted and kept ones (an id) changed, each at its position in its product. */
const SHADE_RECORD = `jsonb_to_recordset($1::jsonb) AS r(id int, product_id int, position int, name text, hex text, stock int, keep_stock boolean, image text)`;
const INSERT_SHADES = `INSERT INTO product_shades (product_id, position, name, hex, stock, image)
  SELECT product_id, position, name, hex, stock, image FROM ${SHADE_RECORD} WHERE r.id IS NULL`;
/** A kept shade renamed is first given a name no shade can have, so names may swap places without meeting in the unique index. */
const UNNAME_SHADES = `UPDATE product_shades s SET name = chr(1) || s.id FROM ${SHADE_RECORD} WHERE s.id = r.id AND s.name <> r.name`;
/** A shade whose stock the Admin left as read keeps the stock it has: the product's row, locked first, holds off every sale meanwhile. */
const UPDATE_SHADES = `UPDATE product_shades s SET position = r.position, name = r.name, hex = r.hex,
  stock = CASE WHEN r.keep_stock THEN s.stock ELSE r.stock END, image = r.image
  FROM ${SHADE_RECORD} WHERE s.id = r.id AND s.product_id = r.product_id RETURNING s.id`;
const STOCK_AND_SUM =
  'SELECT stock, (SELECT coalesce(sum(stock), 0) FROM product_shades WHERE product_id = $1)::int AS sum FROM products WHERE id = $1';
const REMOVE_SHADES = 'DELETE FROM product_shades WHERE product_id = $1 AND NOT (id = ANY($2::int[]))';

const shadeRecords = (productId: number, shades: readonly NewShade[]) =>
  shades.map(({ keepStock, ...shade }, position) => ({
    ...shade,
    id: shade.id ?? null,
    keep_stock: keepStock ?? false,
    product_id: productId,
    position,
  }));

/** Takes quantity off a product's shades in position order, each giving what it holds until the quantity is taken. */
const TAKE_FROM_SHADES = `UPDATE product_shades s SET stock = s.stock - t.take
  FROM (SELECT id, least(stock, greatest(0, $2 - (sum(stock) OVER (ORDER BY position, id) - stock))) AS take
    FROM product_shades WHERE product_id = $1) t
  WHERE s.id = t.id AND t.take > 0`;
const ADD_TO_FIRST_SHADE = `UPDATE product_shades SET stock = stock + $2
  WHERE id = (SELECT id FROM product_shades WHERE product_id = $1 ORDER BY position, id LIMIT 1)`;
const MOVE_STOCK = 'UPDATE products SET stock = stock + $2 WHERE id = $1 AND stock + $2 >= 0 RETURNING id';
const TAKE_FROM_SHADE = 'UPDATE product_shades SET stock = stock - $2 WHERE id = $3 AND product_id = $1 AND stock >= $2 RETURNING id';
const ADD_TO_SHADE = 'UPDATE product_shades SET stock = stock + $2 WHERE id = $3 AND product_id = $1 RETURNING id';

/**
 * The catalogue in SQL. With `catalogueVersion`, the version the process
 * keeps (moved by the database's notifications and read again after its own
 * writes), the storefront catalogue costs no query while it holds.
 */
export function productStore(sql: Sql, catalogueVersion?: () => string): ProductStore {
  const { one, many } = rowReader(sql);
  const read = (tx: Sql, ids: readonly number[]) =>
    rowReader(tx).many(toProduct, `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE id = ANY($1::int[]) ORDER BY id`, [[...ids]]);
  /** The products inserted in the order given, with their shades, in the transaction `tx`. */
  const insert = async (tx: Sql, products: readonly NewProduct[]) => {
    const rows = await tx.query<{ id: number }>(INSERT_PRODUCTS, [JSON.stringify(products.map(productRecord))]);
    // Ids are drawn in the order of the records.
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    // A new product's shades are all new, whatever ids they carry.
    const shades = products.flatMap((product, index) =>
      shadeRecords(
        ids[index]!,
        product.shades.map(({ id: _id, ...shade }) => shade),
      ),
    );
    if (shades.length > 0) await tx.query(INSERT_SHADES, [JSON.stringify(shades)]);
    return read(tx, ids);
  };
  /** The product's shades become these: those left out removed, kept ones changed, new ones added. */
  const replaceShades = async (tx: Sql, id: number, shades: readonly NewShade[]) => {
    const records = JSON.stringify(shadeRecords(id, shades));
    await tx.query(REMOVE_SHADES, [id, shades.flatMap((shade) => (shade.id === undefined ? [] : [shade.id]))]);
    await tx.query(UNNAME_SHADES, [records]);
    // A kept shade another Admin removed since the product was checked: refused, as the core refuses an id not of the product.
    const kept = await tx.query(UPDATE_SHADES, [records]);
    if (kept.length !== shades.filter((shade) => shade.id !== undefined).length) throw badRequest(SHADE_MESSAGES.notOwn, 'shades');
    await tx.query(INSERT_SHADES, [records]);
    // The stock the patch gave is the sum of the stocks sent; a shade that kept its own (a sale since the form read it) puts
    // it off the sum stored. Written again only then: any write of products moves the catalogue version, even one of no row.
    if (shades.some((shade) => shade.keepStock)) {
      const [{ stock, sum }] = (await tx.query<{ stock: number; sum: number }>(STOCK_AND_SUM, [id])) as [{ stock: number; sum: number }];
      if (Number(stock) !== Number(sum)) await tx.query('UPDATE products SET stock = $2 WHERE id = $1', [id, sum]);
    }
  };
  // Every Admin's pages in one line: the database's load is what is shared.
  const tablePages = takingTurns(TABLE_PAGES_AT_ONCE);
  return {
    storefrontCatalogue: storefrontCatalogueOf(sql, catalogueVersion),
    listProducts(options = {}) {
      const clauses: string[] = [];
      const params: unknown[] = [];
      if (options.name) {
        params.push(likePattern(options.name));
        clauses.push(`lower(name) LIKE $${params.length}`);
      }
      if (options.ids) {
        params.push([...options.ids]);
        clauses.push(`id = ANY($${params.length}::int[])`);
      }
      const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
      // A list of ids is short (a cart, an order's lines, a bulk change): one statement.
      return options.ids
        ? many(toProduct, `SELECT ${PRODUCT_COLUMNS} FROM products p ${where} ORDER BY id`, params)
        : sql.transaction((tx) => productsInTurns(tx, where, params));
    },
    productPage: (query) =>
      tablePages('admin table', async () => {
        const { text, params } = productPageQuery(query);
        const rows = await sql.query(text, params);
        return { rows: rows.filter((r) => r.id !== null).map(toProduct), total: Number(rows[0]!.total) };
      }),
    async enabledProductIds() {
      const [row] = await sql.query<{ ids: string }>(ENABLED_PRODUCT_IDS);
      return JSON.parse(row!.ids) as number[];
    },
    getProduct: (id) => one(toProduct, `SELECT ${PRODUCT_COLUMNS} FROM products p WHERE id = $1`, [id]),
    insertProduct: (product) => sql.transaction(async (tx) => (await insert(tx, [product]))[0]!),
    insertProducts: (products) => (products.length === 0 ? Promise.resolve([]) : sql.transaction((tx) => insert(tx, products))),
    // The product's row is written before its shades, even with nothing else to change: its lock orders every write of them.
    updateProduct: (id, { shades, ...patch }) =>
      sql.transaction(async (tx) => {
        const set = assignments(patch, COLUMNS);
        if (set.text || shades) await tx.query(`UPDATE products SET ${set.text || 'id = id'} WHERE id = $1`, [id, ...set.values]);
        if (shades) await replaceShades(tx, id, shades);
        return (await read(tx, [id]))[0]!;
      }),
    takeStock: (id, quantity, shadeId) =>
      sql.transaction(async (tx) => {
        // The product's row is written first, as every write of its shades does (migration 016 takes the catalogue version before it), so none deadlock; put back when the shade lacks the quantity.
        if (shadeId !== undefined) {
          if ((await tx.query(MOVE_STOCK, [id, -quantity])).length === 0) return false;
          if ((await tx.query(TAKE_FROM_SHADE, [id, quantity, shadeId])).length > 0) return true;
          await tx.query(MOVE_STOCK, [id, quantity]);
          return false;
        }
        const rows = await tx.query('UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING id', [id, quantity]);
        if (rows.length === 0) return false;
        await tx.query(TAKE_FROM_SHADES, [id, quantity]);
        return true;
      }),
    addStock: (id, quantity, shadeId) =>
      sql.transaction(async (tx) => {
        if (shadeId !== undefined) {
          await tx.query(MOVE_STOCK, [id, quantity]);
          if ((await tx.query(ADD_TO_SHADE, [id, quantity, shadeId])).length === 0) await tx.query(MOVE_STOCK, [id, -quantity]);
          return;
        }
        await tx.query('UPDATE products SET stock = stock + $2 WHERE id = $1', [id, quantity]);
        await tx.query(ADD_TO_FIRST_SHADE, [id, quantity]);
      }),
  };
}
