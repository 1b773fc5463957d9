import type { Brand, Category } from '../../src/domain/constants';
import { onStorefront } from '../../src/domain/productLists';
import type { ProductTableColumn } from '../../src/domain/productTable';
import type { OrderStatus, UserType } from '../../src/domain/types';
import type { CartRow, CommentRow, NewProduct, OrderHistoryRow, OrderRow, OrderSum, PaymentRow, PaymentStatus, OrderPageQuery, ProductPageQuery, ProductPatch, ProductRow, ShopCounts, Store, UserRow } from '../core/ports';
import { noteCatalogueChange } from '../core/catalogueChanges';
import { ITEMS_PER_TURN, nextTurn, takingTurns } from '../core/turns';
import type { Sql } from './sql';

type Row = Record<string, unknown>;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const toProduct = (r: Row): ProductRow => ({
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

/** The oldest transaction a snapshot taken now does not see finished: every product written before is in what it reads. */
const SNAPSHOT_XMIN = 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin';
/** The products written by that transaction or a later one (read through products_changed_by), on the storefront now or not, as one JSON text. */
const CHANGED_SINCE = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, coalesce(json_agg(row_to_json(p)), '[]')::text AS rows
  FROM products p WHERE changed_by >= $1::xid8`;
/** onStorefront in SQL. */
const ON_STOREFRONT = 'WHERE stock > 0 AND NOT disable';

interface Read {
  /** The first transaction whose writes the read may not hold. */
  xmin: string;
  entries: readonly ProductRow[];
}

/**
 * The storefront catalogue, whole rows, read again only when the catalogue
 * version has moved (one small query asks, unless the version the process
 * knows, `knownVersion`, is the one held); callers meanwhile share one
 * read. Once one is held, only the products written since it was read are
 * read (unless products were removed since) and the new catalogue is made
 * from it, the change noted for the index made from the one before.
 */
function storefrontCatalogueOf(sql: Sql, knownVersion?: () => string): () => Promise<readonly ProductRow[]> {
  let kept: { version: string; read: Promise<Read> } | null = null;
  // The xmin is read before the cursor's snapshot is taken, so it is no later than that snapshot's: a product written between the two is read again next time, never missed.
  const readAll = (): Promise<Read> =>
    sql.transaction(async (tx) => {
      const [row] = await tx.query<{ xmin: string }>(SNAPSHOT_XMIN);
      return { xmin: row!.xmin, entries: await productsInTurns(tx, ON_STOREFRONT, []) };
    });
  const readChanges = async (held: Promise<Read>): Promise<Read> => {
    const { xmin: since, entries: from } = await held;
    const [row] = await sql.query<{ xmin: string; rows: string }>(CHANGED_SINCE, [since]);
    const written = (JSON.parse(row!.rows) as Row[]).map(toProduct);
    const changed = written.filter(onStorefront);
    const removed = written.filter((product) => !onStorefront(product)).map(({ id }) => id);
    const ids = new Set(written.map(({ id }) => id));
    const entries = [...from.filter((entry) => !ids.has(entry.id)), ...changed];
    noteCatalogueChange(entries, { from, changed, removed });
    return { xmin: row!.xmin, entries };
  };
  return async () => {
    if (kept && knownVersion?.() === kept.version) return (await kept.read).entries;
    const [{ version, removedIn }] = (await sql.query<{ version: string; removedIn: string }>(
      'SELECT version::text AS version, removed_in::text AS "removedIn" FROM catalogue_version',
    )) as [{ version: string; removedIn: string }];
    if (kept?.version !== version) {
      const held = kept && BigInt(removedIn) <= BigInt(kept.version) ? kept.read : null;
      const entry = { version, read: held ? readChanges(held) : readAll() };
      kept = entry;
      // A failed read is not kept: the next caller reads again.
      entry.read.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return (await kept.read).entries;
  };
}

const toUser = (r: Row): UserRow => ({
  id: String(r.id),
  username: String(r.username),
  email: String(r.email),
  type: r.type as UserType,
  img: r.img === null ? null : String(r.img),
  createdAt: iso(r.created_at),
});

const toOrder = (r: Row): OrderRow => ({
  id: Number(r.id),
  userId: String(r.user_id),
  userEmail: String(r.user_email),
  status: r.status as OrderStatus,
  address: String(r.address),
  totalPrice: Number(r.total_price),
  createdAt: iso(r.created_at),
  paymentId: String(r.payment_id),
  lines: json(r.lines),
  history: json<{ status: OrderStatus; at: string; by_user_id: string; by_email: string }[]>(r.history).map(
    (h): OrderHistoryRow => ({ status: h.status, at: iso(h.at), by: { userId: h.by_user_id, email: h.by_email } }),
  ),
});

/** Orders with their history, oldest entry first. */
const ORDERS = `SELECT o.*, (
    SELECT coalesce(jsonb_agg(jsonb_build_object('status', h.status, 'at', h.at, 'by_user_id', h.by_user_id, 'by_email', h.by_email) ORDER BY h.id), '[]')
    FROM order_history h WHERE h.order_id = o.id
  ) AS history
  FROM orders o`;

/**
 * One page of the orders not cancelled, newest first, and how many match,
 * in one statement (one snapshot); a page past the end is one row of nulls
 * with the count. The search reads the trigram indexes of the email and the
 * id's text (migration 017).
 */
const orderPageQuery = ({ term, status, offset, limit }: OrderPageQuery) => {
  const params: unknown[] = [limit, offset];
  const clauses = ["o.status <> 'cancelled'"];
  if (status) {
    params.push(status);
    clauses.push(`o.status = $${params.length}`);
  }
  if (term) {
    params.push(likePattern(term));
    clauses.push(`(lower(o.user_email) LIKE $${params.length} OR o.id::text LIKE $${params.length})`);
  }
  const where = `WHERE ${clauses.join(' AND ')}`;
  const text = `SELECT page.*, t.total FROM (SELECT count(*)::int AS total FROM orders o ${where}) t
    LEFT JOIN LATERAL (${ORDERS} ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $1 OFFSET $2) page ON true
    ORDER BY page.created_at DESC, page.id DESC`;
  return { text, params };
};

const toComment = (r: Row): CommentRow => ({
  id: Number(r.id),
  userId: String(r.user_id),
  productId: Number(r.product_id),
  text: String(r.text),
  createdAt: iso(r.created_at),
});

const toPayment = (r: Row): PaymentRow => ({
  id: String(r.id),
  userId: String(r.user_id),
  provider: r.provider as PaymentRow['provider'],
  amount: Number(r.amount),
  status: r.status as PaymentStatus,
  createdAt: iso(r.created_at),
});

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
const USER_COLUMNS = { username: 'username', email: 'email', type: 'type', img: 'img' } as const;

const columnValue = (key: string, value: unknown) => (key === 'shades' ? JSON.stringify(value) : value);

/** `SET a = $2, b = $3` for the fields present, after the id at $1. */
function assignments(patch: object, columns: Record<string, string>) {
  const entries = Object.entries(patch).filter(([key, value]) => value !== undefined && key in columns);
  return {
    text: entries.map(([key], i) => `${columns[key]} = $${i + 2}`).join(', '),
    values: entries.map(([key, value]) => columnValue(key, value)),
  };
}

const first = <T>(rows: T[]) => rows[0] ?? null;

let cursors = 0;

/**
 * The products the condition finds, by id, read in one snapshot through a
 * cursor in the transaction `tx`, ITEMS_PER_TURN rows at a time, with a turn of
 * the event loop between two slices. In one statement, 100,000 products
 * held the event loop for 7 s on PGlite, which makes its rows synchronously,
 * and for about 1 s on PostgreSQL. Each row is fetched as one JSON value:
 * PGlite makes rows of one column three times faster than of sixteen.
 */
async function productsInTurns(tx: Sql, where: string, params: readonly unknown[]): Promise<ProductRow[]> {
  const cursor = `whole_list_${++cursors}`;
  await tx.query(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(p) AS product FROM products p ${where} ORDER BY id`, params);
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

/** LIKE's pattern for names holding the part, ignoring case: the part's LIKE characters taken as text. */
const likePattern = (part: string) => `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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

/** Every count of ShopCounts in one statement, so all of them read the same moment of the data. */
const COUNT_SHOP = `SELECT
  (SELECT coalesce(jsonb_agg(g), '[]') FROM (
    SELECT disable, stock > 0 AS "inStock", count(*)::int AS count FROM products GROUP BY 1, 2) g) AS products,
  (SELECT coalesce(jsonb_agg(g), '[]') FROM (
    SELECT type, count(*)::int AS count FROM users GROUP BY type) g) AS users,
  (SELECT coalesce(jsonb_agg(g), '[]') FROM (
    SELECT status, count(*)::int AS count, sum(total_price) AS total FROM orders GROUP BY status) g) AS orders,
  (SELECT coalesce(jsonb_agg(g), '[]') FROM (
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, status, count(*)::int AS count, sum(total_price) AS total
    FROM orders WHERE created_at >= $1 GROUP BY 1, 2) g) AS recent`;

const toSums = <T extends OrderSum>(value: unknown): T[] => json<T[]>(value).map((sum) => ({ ...sum, total: Number(sum.total) }));

/** Many orders in one statement, ids given in the order of the records, then their histories (matched by payment) in another. */
const INSERT_ORDERS = `WITH o AS (
    INSERT INTO orders (user_id, user_email, status, address, total_price, created_at, payment_id, lines)
    SELECT user_id, user_email, status, address, total_price, created_at, payment_id, lines
    FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (user_id text, user_email text, status text, address text, total_price numeric,
      created_at timestamptz, payment_id text, lines jsonb))
      WITH ORDINALITY AS r(user_id, user_email, status, address, total_price, created_at, payment_id, lines, position)
    ORDER BY position
    RETURNING id, payment_id)
  INSERT INTO order_history (order_id, status, at, by_user_id, by_email)
  SELECT o.id, h.status, h.at, h.by_user_id, h.by_email
  FROM o JOIN ROWS FROM (jsonb_to_recordset($2::jsonb) AS (payment_id text, status text, at timestamptz, by_user_id text, by_email text))
    WITH ORDINALITY AS h(payment_id, status, at, by_user_id, by_email, position) ON h.payment_id = o.payment_id
  ORDER BY o.id, h.position`;

/** Many comments in one statement, ids given in the order of the records. */
const INSERT_COMMENTS = `INSERT INTO comments (user_id, product_id, text, created_at)
  SELECT user_id, product_id, text, created_at
  FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (user_id text, product_id int, text text, created_at timestamptz))
    WITH ORDINALITY AS c(user_id, product_id, text, created_at, position)
  ORDER BY position`;

async function appendHistory(sql: Sql, orderId: number, entry: OrderHistoryRow) {
  await sql.query('INSERT INTO order_history (order_id, status, at, by_user_id, by_email) VALUES ($1, $2, $3, $4, $5)', [
    orderId,
    entry.status,
    entry.at,
    entry.by.userId,
    entry.by.email,
  ]);
}

/** The advisory lock that Admin changes take in turns. */
const ADMINS_LOCK = 727276;

/**
 * The Store port in SQL, the same on PGlite and PostgreSQL. With
 * `catalogueVersion`, the version the process keeps (moved by the
 * database's notifications and read again after its own writes), the
 * storefront catalogue costs no query while it holds.
 */
export function createSqlStore(sql: Sql, catalogueVersion?: () => string): Store {
  const one = async <T>(map: (r: Row) => T, text: string, params: readonly unknown[] = []) => {
    const row = first(await sql.query(text, params));
    return row ? map(row) : null;
  };
  const many = async <T>(map: (r: Row) => T, text: string, params: readonly unknown[] = []) => (await sql.query(text, params)).map(map);
  // Every Admin's pages in one line: the database's load is what is shared.
  const tablePages = takingTurns(TABLE_PAGES_AT_ONCE);

  async function ratingsOf(productId: number): Promise<number[]> {
    const rows = await sql.query<{ rating: string }>('SELECT rating FROM ratings WHERE product_id = $1', [productId]);
    return rows.map((r) => Number(r.rating));
  }

  /**
   * The cart with its row locked, then its lines: in a transaction, another
   * cart write waits for this one to end, then reads the lines it left.
   */
  async function getCart(db: Sql, where: string, value: unknown): Promise<CartRow | null> {
    const cart = first(await db.query(`SELECT id, user_id FROM carts WHERE ${where} = $1 FOR UPDATE`, [value]));
    if (!cart) return null;
    const lines = await db.query<{ product_id: number; quantity: number }>(
      'SELECT product_id, quantity FROM cart_lines WHERE cart_id = $1 ORDER BY position',
      [cart.id],
    );
    return {
      id: Number(cart.id),
      userId: String(cart.user_id),
      lines: lines.map((l) => ({ productId: Number(l.product_id), quantity: Number(l.quantity) })),
    };
  }

  return {
    transaction: (work) => sql.transaction((tx) => work(createSqlStore(tx))),
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
      return options.ids ? many(toProduct, `SELECT * FROM products ${where} ORDER BY id`, params) : sql.transaction((tx) => productsInTurns(tx, where, params));
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
      return (await one(toProduct, INSERT_PRODUCTS, [JSON.stringify([productRecord(product)])]))!;
    },
    async insertProducts(products) {
      if (products.length === 0) return [];
      const rows = await many(toProduct, INSERT_PRODUCTS, [JSON.stringify(products.map(productRecord))]);
      return rows.sort((a, b) => a.id - b.id);
    },
    async updateProduct(id, patch) {
      const set = assignments(patch, PRODUCT_COLUMNS);
      if (!set.text) return (await one(toProduct, 'SELECT * FROM products WHERE id = $1', [id]))!;
      return (await one(toProduct, `UPDATE products SET ${set.text} WHERE id = $1 RETURNING *`, [id, ...set.values]))!;
    },
    async takeStock(id, quantity) {
      const rows = await sql.query('UPDATE products SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING id', [id, quantity]);
      return rows.length === 1;
    },
    async addStock(id, quantity) {
      await sql.query('UPDATE products SET stock = stock + $2 WHERE id = $1', [id, quantity]);
    },

    listUsers: () => many(toUser, 'SELECT * FROM users ORDER BY created_at, id'),
    getUser: (id) => one(toUser, 'SELECT * FROM users WHERE id = $1', [id]),
    // KEY SHARE: a delete of the user waits; other writes of it (its type, its name) do not.
    lockUser: (id) => one(toUser, 'SELECT * FROM users WHERE id = $1 FOR KEY SHARE', [id]),
    getUserByEmail: (email) => one(toUser, 'SELECT * FROM users WHERE lower(email) = lower($1)', [email]),
    getUserByUsername: (username) => one(toUser, 'SELECT * FROM users WHERE lower(username) = lower($1)', [username]),
    async insertUser(user) {
      return (await one(
        toUser,
        'INSERT INTO users (id, username, email, type, img, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [user.id, user.username, user.email, user.type, user.img, user.createdAt],
      ))!;
    },
    async updateUser(id, patch) {
      const set = assignments(patch, USER_COLUMNS);
      return (await one(toUser, `UPDATE users SET ${set.text} WHERE id = $1 RETURNING *`, [id, ...set.values]))!;
    },
    async deleteUser(id) {
      await sql.query(
        `WITH gone AS (DELETE FROM users WHERE id = $1 RETURNING id, email)
         INSERT INTO deleted_users (id, email) SELECT id, email FROM gone ON CONFLICT (id) DO NOTHING`,
        [id],
      );
    },
    async wasDeleted(id, email) {
      const rows = await sql.query('SELECT 1 FROM deleted_users WHERE id = $1 OR lower(email) = lower($2) LIMIT 1', [id, email]);
      return rows.length > 0;
    },
    async lockAdmins() {
      await sql.query('SELECT pg_advisory_xact_lock($1)', [ADMINS_LOCK]);
      const rows = await sql.query<{ id: string }>("SELECT id FROM users WHERE type = 'Admin' ORDER BY id");
      return rows.map((r) => r.id);
    },

    getCartByUser: (userId) => getCart(sql, 'user_id', userId),
    getCart: (id) => getCart(sql, 'id', id),
    async createCart(userId) {
      // A concurrent insert of the same user's cart waits here for its transaction to end; then the cart it made is locked as ours.
      await sql.query('INSERT INTO carts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
      return (await getCart(sql, 'user_id', userId))!;
    },
    setCartLines: (cartId, lines) =>
      sql.transaction(async (tx) => {
        // The cart's row first, so two writes of the same cart take turns (the second then deletes the lines the first inserted).
        await tx.query('SELECT 1 FROM carts WHERE id = $1 FOR UPDATE', [cartId]);
        await tx.query('DELETE FROM cart_lines WHERE cart_id = $1', [cartId]);
        if (lines.length > 0) {
          await tx.query(
            `INSERT INTO cart_lines (cart_id, product_id, quantity, position)
             SELECT $1, line.product_id, line.quantity, line.position
             FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS line(product_id, quantity, position)`,
            [cartId, lines.map((l) => l.productId), lines.map((l) => l.quantity)],
          );
        }
        return (await getCart(tx, 'id', cartId))!;
      }),

    listOrders(options = {}) {
      return options.userId
        ? many(toOrder, `${ORDERS} WHERE o.user_id = $1 ORDER BY o.id`, [options.userId])
        : many(toOrder, `${ORDERS} ORDER BY o.id`);
    },
    async orderPage(query) {
      const { text, params } = orderPageQuery(query);
      const rows = await sql.query(text, params);
      return { rows: rows.filter((r) => r.id !== null).map(toOrder), total: Number(rows[0]!.total) };
    },
    getOrder: (id) => one(toOrder, `${ORDERS} WHERE o.id = $1`, [id]),
    getOrderByPayment: (paymentId) => one(toOrder, `${ORDERS} WHERE o.payment_id = $1`, [paymentId]),
    insertOrder: (order) =>
      sql.transaction(async (tx) => {
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO orders (user_id, user_email, status, address, total_price, created_at, payment_id, lines)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
          [order.userId, order.userEmail, order.status, order.address, order.totalPrice, order.createdAt, order.paymentId, JSON.stringify(order.lines)],
        );
        const id = first(rows)?.id;
        if (id === undefined) return null;
        for (const entry of order.history) await appendHistory(tx, Number(id), entry);
        return createSqlStore(tx).getOrder(Number(id));
      }),
    async insertOrders(orders) {
      if (orders.length === 0) return;
      const records = orders.map(({ userId, userEmail, totalPrice, createdAt, paymentId, history: _history, ...order }) => ({
        ...order,
        user_id: userId,
        user_email: userEmail,
        total_price: totalPrice,
        created_at: createdAt,
        payment_id: paymentId,
      }));
      const history = orders.flatMap((order) =>
        order.history.map(({ status, at, by }) => ({ payment_id: order.paymentId, status, at, by_user_id: by.userId, by_email: by.email })),
      );
      await sql.query(INSERT_ORDERS, [JSON.stringify(records), JSON.stringify(history)]);
    },
    setOrderStatus: (id, from, change) =>
      sql.transaction(async (tx) => {
        const moved = await tx.query('UPDATE orders SET status = $2 WHERE id = $1 AND status = $3 RETURNING id', [id, change.status, from]);
        if (moved.length === 0) return null;
        await appendHistory(tx, id, change);
        return createSqlStore(tx).getOrder(id);
      }),

    listComments: (productId) => many(toComment, 'SELECT * FROM comments WHERE product_id = $1 ORDER BY id', [productId]),
    getComment: (id) => one(toComment, 'SELECT * FROM comments WHERE id = $1', [id]),
    async insertComment(comment) {
      return (await one(
        toComment,
        'INSERT INTO comments (user_id, product_id, text, created_at) VALUES ($1, $2, $3, $4) RETURNING *',
        [comment.userId, comment.productId, comment.text, comment.createdAt],
      ))!;
    },
    async insertComments(comments) {
      if (comments.length === 0) return;
      const records = comments.map(({ userId, productId, createdAt, text }) => ({ user_id: userId, product_id: productId, text, created_at: createdAt }));
      await sql.query(INSERT_COMMENTS, [JSON.stringify(records)]);
    },
    async deleteComment(id) {
      await sql.query('DELETE FROM comments WHERE id = $1', [id]);
    },

    async listFavorites(userId) {
      const rows = await sql.query<{ product_id: number }>('SELECT product_id FROM favorites WHERE user_id = $1 ORDER BY created_at, product_id', [userId]);
      return rows.map((r) => Number(r.product_id));
    },
    async addFavorite(userId, productId) {
      await sql.query('INSERT INTO favorites (user_id, product_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, productId]);
    },
    async removeFavorite(userId, productId) {
      await sql.query('DELETE FROM favorites WHERE user_id = $1 AND product_id = $2', [userId, productId]);
    },

    async lockProduct(id) {
      // The catalogue version's row first, as every write of products takes it (migration 016): a rating's write after this lock then cannot deadlock with a checkout.
      await sql.query('SELECT 1 FROM catalogue_version FOR UPDATE');
      return one(toProduct, 'SELECT * FROM products WHERE id = $1 FOR UPDATE', [id]);
    },
    async setRating(userId, productId, rating) {
      await sql.query(
        'INSERT INTO ratings (user_id, product_id, rating) VALUES ($1, $2, $3) ON CONFLICT (user_id, product_id) DO UPDATE SET rating = EXCLUDED.rating',
        [userId, productId, rating],
      );
      return ratingsOf(productId);
    },
    async removeRating(userId, productId) {
      const gone = await sql.query('DELETE FROM ratings WHERE user_id = $1 AND product_id = $2 RETURNING rating', [userId, productId]);
      return gone.length === 0 ? null : ratingsOf(productId);
    },
    async getRating(userId, productId) {
      const rows = await sql.query<{ rating: string }>('SELECT rating FROM ratings WHERE user_id = $1 AND product_id = $2', [userId, productId]);
      return rows[0] ? Number(rows[0].rating) : null;
    },

    async claimIdempotencyKey({ userId, key, fingerprint, at }, expiredBefore) {
      await sql.query('DELETE FROM idempotency_keys WHERE created_at < $1', [expiredBefore]);
      // A concurrent claim of the key waits here for that transaction: then finds its row, or, rolled back, none.
      const claimed = await sql.query(
        'INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, key) DO NOTHING RETURNING key',
        [userId, key, fingerprint, at],
      );
      if (claimed.length === 1) return null;
      const [held] = await sql.query<{ fingerprint: string; status: number; body: unknown }>(
        'SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      return { fingerprint: held!.fingerprint, status: Number(held!.status), body: json(held!.body) };
    },
    async keepIdempotentReply(userId, key, reply) {
      await sql.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2', [userId, key, reply.status, JSON.stringify(reply.body ?? null)]);
    },

    async countShop(since) {
      const [row] = await sql.query(COUNT_SHOP, [since]);
      return {
        products: json<ShopCounts['products']>(row!.products),
        users: json<ShopCounts['users']>(row!.users),
        orders: toSums(row!.orders),
        recentOrders: toSums(row!.recent),
      };
    },

    getPayment: (id) => one(toPayment, 'SELECT * FROM payments WHERE id = $1', [id]),
    async insertPayment(payment) {
      return (await one(
        toPayment,
        'INSERT INTO payments (id, user_id, provider, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [payment.id, payment.userId, payment.provider, payment.amount, payment.status, payment.createdAt],
      ))!;
    },
    async setPaymentStatus(id, status, from) {
      const rows = await sql.query('UPDATE payments SET status = $2 WHERE id = $1 AND status = $3 RETURNING id', [id, status, from]);
      return rows.length === 1;
    },
    async recordCapture(id, at) {
      const rows = await sql.query("UPDATE payments SET status = 'captured', captured_at = $2 WHERE id = $1 AND status IN ('created', 'failed') RETURNING id", [id, at]);
      return rows.length === 1;
    },
    async startCapture(id, at) {
      const rows = await sql.query("UPDATE payments SET capture_started_at = $2 WHERE id = $1 AND status = 'created' RETURNING id", [id, at]);
      return rows.length === 1;
    },
    async staleCreatedPayments(provider, staleBefore) {
      const rows = await sql.query<{ id: string }>(
        `SELECT id FROM payments WHERE status = 'created' AND provider = $1 AND coalesce(capture_started_at, created_at) < $2
         ORDER BY coalesce(capture_started_at, created_at), id`,
        [provider, staleBefore],
      );
      return rows.map((r) => r.id);
    },
    async settleStaleCreated(id, status, staleBefore) {
      // A capture begun meanwhile moved capture_started_at on: the row no longer matches, and the capture's outcome settles it.
      const rows = await sql.query(
        "UPDATE payments SET status = $2 WHERE id = $1 AND status = 'created' AND coalesce(capture_started_at, created_at) < $3 RETURNING id",
        [id, status, staleBefore],
      );
      return rows.length === 1;
    },
    async oweStaleCaptures(capturedBefore) {
      // A row an order is being made for waits here for that transaction, then is no longer captured.
      const rows = await sql.query<{ id: string }>(
        `UPDATE payments SET status = 'refunding'
         WHERE status = 'captured' AND coalesce(captured_at, created_at) < $1
           AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.payment_id = payments.id)
         RETURNING id`,
        [capturedBefore],
      );
      return rows.map((r) => r.id);
    },
    async oweRefund(id, from, at) {
      const rows = await sql.query("UPDATE payments SET status = 'refunding', refund_attempt_at = $3 WHERE id = $1 AND status = $2 RETURNING id", [id, from, at]);
      return rows.length === 1;
    },
    async claimOwedRefund(staleBefore, at) {
      // The outer condition is checked again on the row as a concurrent claim left it, so a row claimed meanwhile is not claimed twice.
      const rows = await sql.query<{ id: string }>(
        `UPDATE payments SET refund_attempt_at = $2
         WHERE id = (SELECT id FROM payments WHERE status = 'refunding' AND (refund_attempt_at IS NULL OR refund_attempt_at < $1)
                     ORDER BY refund_attempt_at NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED)
           AND status = 'refunding' AND (refund_attempt_at IS NULL OR refund_attempt_at < $1)
         RETURNING id`,
        [staleBefore, at],
      );
      return rows[0]?.id ?? null;
    },
  };
}
