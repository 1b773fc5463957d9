import type { ProductTableColumn } from '~/src/domain/productTable';
import type { NewProduct, ProductPageQuery, ProductPatch, ProductStore } from '~/server/core/ports';
import { takingTurns } from '~/server/core/turns';
import type { Sql } from '../sql';
import { storefrontCatalogueOf } from './catalogue';
import { productsInTurns, toProduct } from './productRows';
import { assignments, likePattern, rowReader } from './rows';

/** Product fields and their columns, for partial updates. */
const PRODUCT_COLUMNS: Record<keyof ProductPatch, string> = {
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
  shades: 'shades',
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
  const text = `SELECT p.*, t.total FROM (SELECT count(*)::int AS total FROM products ${where}) t
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
const productRecord = ({ baseRank = 0, baseReviews = 0, createdAt, ...product }: NewProduct) => ({
  disable: false,
  ...product,
  rank: baseRank,
  reviews: baseReviews,
  base_rank: baseRank,
  base_reviews: baseReviews,
  created_at: createdAt ?? new Date().toISOString(),
});

/** Many products in one statement, ids given in the order of the records. */
const INSERT_PRODUCTS = `INSERT INTO products (name, brand, category, price, discount, stock, description, image, rank, reviews, base_rank, base_reviews, disable, shades, created_at)
  SELECT name, brand, category, price, discount, stock, description, image, rank, reviews, base_rank, base_reviews, disable, shades, created_at
  FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (name text, brand text, category text, price numeric, discount int, stock int,
    description text, image text, rank numeric, reviews int, base_rank numeric, base_reviews int, disable boolean, shades jsonb, created_at timestamptz))
    WITH ORDINALITY AS p(name, brand, category, price, discount, stock, description, image, rank, reviews, base_rank, base_reviews, disable, shades, created_at, position)
  ORDER BY position
  RETURNING *`;

/**
 * The catalogue in SQL. With `catalogueVersion`, the version the process
 * keeps (moved by the database's notifications and read again after its own
 * writes), the storefront catalogue costs no query while it holds.
 */
export function productStore(sql: Sql, catalogueVersion?: () => string): ProductStore {
  const { one, many, existing } = rowReader(sql);
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
        ? many(toProduct, `SELECT * FROM products ${where} ORDER BY id`, params)
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
    getProduct: (id) => one(toProduct, 'SELECT * FROM products WHERE id = $1', [id]),
    async insertProduct(product) {
      return existing(toProduct, INSERT_PRODUCTS, [JSON.stringify([productRecord(product)])]);
    },
    async insertProducts(products) {
      if (products.length === 0) return [];
      const rows = await many(toProduct, INSERT_PRODUCTS, [JSON.stringify(products.map(productRecord))]);
      return rows.sort((a, b) => a.id - b.id);
    },
    async updateProduct(id, patch) {
      const set = assignments(patch, PRODUCT_COLUMNS);
      if (!set.text) return existing(toProduct, 'SELECT * FROM products WHERE id = $1', [id]);
      return existing(toProduct, `UPDATE products SET ${set.text} WHERE id = $1 RETURNING *`, [id, ...set.values]);
    },
    async takeStock(id, quantity) {
      const rows = await sql.query('UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING id', [id, quantity]);
      return rows.length === 1;
    },
    async addStock(id, quantity) {
      await sql.query('UPDATE products SET stock = stock + $2 WHERE id = $1', [id, quantity]);
    },
  };
}
