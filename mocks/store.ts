import type { Brand, Category } from '../src/domain/constants';
import { nameHolds } from '../src/domain/nameSearch';
import { newerFirst, orderMatches } from '../src/domain/orderTable';
import { onStorefront } from '../src/domain/productLists';
import type { ProductTableColumn } from '../src/domain/productTable';
import type { OrderStatus, UserType } from '../src/domain/types';
import type { CartRow, CommentRow, OrderHistoryRow, OrderRow, OrderSum, PaymentRow, PaymentStatus, ProductRow, ShopCounts, Store, UserRow } from '../server/core/ports';
import { createDatabase, type Database, type TableName } from './db';

type Entity<T extends TableName> = ReturnType<Database[T]['getAll']>[number];

/** @mswjs/data's query types are per model; these helpers build the one shape used here. */
type Query = { where: never };
const byId = (id: number | string) => ({ where: { id: { equals: id } } }) as unknown as Query;
const where = (filter: Record<string, unknown>) =>
  ({ where: Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, { equals: v }])) }) as unknown as Query;
const json = <T>(text: string) => JSON.parse(text) as T;
const strict = { strict: true } as const;

const toProduct = (e: Entity<'product'>): ProductRow => ({
  ...e,
  brand: e.brand as Brand,
  category: e.category as Category,
  shades: json(e.shades),
});
const toUser = (e: Entity<'user'>): UserRow => ({ ...e, type: e.type as UserType });
const toCart = (e: Entity<'cart'>): CartRow => ({ ...e, lines: json(e.lines) });
const toComment = (e: Entity<'comment'>): CommentRow => ({ ...e });
const toPayment = (e: Entity<'payment'>): PaymentRow => ({ ...e, provider: e.provider as PaymentRow['provider'], status: e.status as PaymentStatus });

/** What each column of the Admin's product table sorts by, as the SQL store: text in lower case by code point, the final price by price x (100 - discount) in cents (exact). */
const PRODUCT_PAGE_ORDER: Record<ProductTableColumn, (row: Entity<'product'>) => string | number> = {
  name: (row) => row.name.toLowerCase(),
  brand: (row) => row.brand.toLowerCase(),
  price: (row) => row.price,
  discount: (row) => row.discount,
  totalPrice: (row) => Math.round(row.price * 100) * (100 - row.discount),
  stock: (row) => row.stock,
  status: (row) => Number(row.disable),
};

const nextId = (rows: { id: number }[]) => rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;

/** How many rows share each key, the key's fields kept beside the count. */
function countBy<K extends object>(rows: readonly K[]): (K & { count: number })[] {
  const groups = new Map<string, K & { count: number }>();
  for (const row of rows) {
    const key = JSON.stringify(row);
    const group = groups.get(key) ?? { ...row, count: 0 };
    group.count += 1;
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Orders grouped by their key fields, counted and their totals summed in cents, as SQL's numeric sum would. */
function sumBy<K extends { status: OrderStatus }>(orders: readonly (K & { totalPrice: number })[]): (K & OrderSum)[] {
  const groups = new Map<string, { key: K; count: number; cents: number }>();
  for (const { totalPrice, ...fields } of orders) {
    const key = fields as unknown as K;
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, count: 0, cents: 0 };
    group.count += 1;
    group.cents += Math.round(totalPrice * 100);
    groups.set(id, group);
  }
  return [...groups.values()].map(({ key, count, cents }) => ({ ...key, count, total: cents / 100 }));
}

const TABLES: TableName[] = ['product', 'user', 'cart', 'order', 'orderHistory', 'comment', 'favorite', 'rating', 'payment', 'deletedUser', 'idempotencyKey'];

/**
 * The Store port on @mswjs/data. Transactions run one at a time; a failed one
 * puts every table back as it was.
 */
export function createMockStore(db: Database = createDatabase()): Store {
  let queue: Promise<unknown> = Promise.resolve();
  /** Moves on every write to the products (all of them go through this store), so the storefront catalogue is one array until then. */
  let productsVersion = 0;
  let catalogue: { version: number; entries: readonly ProductRow[] } | null = null;
  /** When each owed refund's latest attempt began, by payment id: a lease only (kept through a rollback, it merely delays a retry). */
  const refundAttempts = new Map<string, string>();
  /** When each payment was captured, by id (one inserted as captured counts from its creation). */
  const capturedAt = new Map<string, string>();
  /** When the shop last began capturing each payment, by id; a payment left created is stale from then, or from its creation when none began. */
  const captureStarts = new Map<string, string>();
  const staleFrom = (e: Entity<'payment'>) => Date.parse(captureStarts.get(e.id) ?? e.createdAt);

  function snapshot() {
    return TABLES.map((table) => [table, db[table].getAll().map((row) => ({ ...row }))] as const);
  }

  function restore(saved: ReturnType<typeof snapshot>) {
    productsVersion++;
    for (const [table, rows] of saved) {
      const model = db[table] as unknown as { deleteMany(q: object): void; create(row: object): void };
      model.deleteMany({ where: { id: { notEquals: '\u0000never' } } });
      for (const row of rows) model.create(row);
    }
  }

  const orderWith = (e: Entity<'order'>, history: readonly Entity<'orderHistory'>[]): OrderRow => ({
    ...e,
    status: e.status as OrderStatus,
    lines: json(e.lines),
    history: [...history]
      .sort((a, b) => a.id - b.id)
      .map((h): OrderHistoryRow => ({ status: h.status as OrderStatus, at: h.at, by: { userId: h.byUserId, email: h.byEmail } })),
  });
  const toOrder = (e: Entity<'order'>) => orderWith(e, db.orderHistory.findMany(where({ orderId: e.id })));

  const ratingsOf = (productId: number) => db.rating.findMany(where({ productId })).map((e) => e.rating);

  function appendHistory(orderId: number, entry: OrderHistoryRow) {
    db.orderHistory.create({ id: nextId(db.orderHistory.getAll()), orderId, status: entry.status, at: entry.at, byUserId: entry.by.userId, byEmail: entry.by.email });
  }

  const store: Store = {
    transaction<T>(work: (tx: Store) => Promise<T>): Promise<T> {
      const run = async () => {
        const saved = snapshot();
        try {
          return await work(inner);
        } catch (error) {
          restore(saved);
          throw error;
        }
      };
      const result = queue.then(run, run);
      queue = result.catch(() => undefined);
      return result;
    },

    async listProducts(options = {}) {
      const ids = options.ids ? new Set(options.ids) : null;
      return db.product
        .getAll()
        .filter((e) => (!options.name || nameHolds(e.name, options.name)) && (!ids || ids.has(e.id)))
        .map(toProduct)
        .sort((a, b) => a.id - b.id);
    },
    async productPage({ name, sort, order, offset, limit }) {
      const key = sort ? PRODUCT_PAGE_ORDER[sort] : () => 0;
      const sign = order === 'desc' ? -1 : 1;
      const matched = db.product
        .getAll()
        .filter((e) => !name || nameHolds(e.name, name))
        .map((e) => ({ e, key: key(e) }))
        .sort((a, b) => sign * (a.key < b.key ? -1 : a.key > b.key ? 1 : a.e.id - b.e.id));
      return { rows: matched.slice(offset, offset + limit).map(({ e }) => toProduct(e)), total: matched.length };
    },
    async enabledProductIds() {
      return db.product
        .getAll()
        .filter((e) => !e.disable)
        .map((e) => e.id)
        .sort((a, b) => a - b);
    },
    async storefrontCatalogue() {
      if (catalogue?.version !== productsVersion) {
        const entries = db.product
          .getAll()
          .filter(onStorefront)
          .map(toProduct);
        catalogue = { version: productsVersion, entries };
      }
      return catalogue.entries;
    },
    async getProduct(id) {
      const e = db.product.findFirst(byId(id));
      return e ? toProduct(e) : null;
    },
    async insertProduct({ baseRank = 0, baseReviews = 0, ...product }) {
      const row: ProductRow = {
        disable: false,
        createdAt: new Date().toISOString(),
        ...product,
        rank: baseRank,
        reviews: baseReviews,
        baseRank,
        baseReviews,
        id: nextId(db.product.getAll()),
      };
      db.product.create({ ...row, shades: JSON.stringify(row.shades) });
      productsVersion++;
      return row;
    },
    async insertProducts(products) {
      const rows: ProductRow[] = [];
      for (const product of products) rows.push(await store.insertProduct(product));
      return rows;
    },
    async updateProduct(id, patch) {
      const { shades, ...rest } = patch;
      const e = db.product.update({ ...byId(id), data: { ...rest, ...(shades ? { shades: JSON.stringify(shades) } : {}) }, ...strict } as never);
      productsVersion++;
      return toProduct(e as Entity<'product'>);
    },
    async takeStock(id, quantity) {
      const e = db.product.findFirst(byId(id));
      if (!e || e.stock < quantity) return false;
      db.product.update({ ...byId(id), data: { stock: e.stock - quantity } } as never);
      productsVersion++;
      return true;
    },
    async addStock(id, quantity) {
      const e = db.product.findFirst(byId(id));
      if (!e) return;
      db.product.update({ ...byId(id), data: { stock: e.stock + quantity } } as never);
      productsVersion++;
    },

    async listUsers() {
      return db.user.getAll().map(toUser);
    },
    async getUser(id) {
      const e = db.user.findFirst(byId(id));
      return e ? toUser(e) : null;
    },
    async lockUser(id) {
      // Transactions here already run one at a time.
      return store.getUser(id);
    },
    async getUserByEmail(email) {
      const e = db.user.getAll().find((u) => u.email.toLowerCase() === email.toLowerCase());
      return e ? toUser(e) : null;
    },
    async getUserByUsername(username) {
      const e = db.user.getAll().find((u) => u.username.toLowerCase() === username.toLowerCase());
      return e ? toUser(e) : null;
    },
    async insertUser(user) {
      db.user.create(user);
      return user;
    },
    async updateUser(id, patch) {
      return toUser(db.user.update({ ...byId(id), data: patch, ...strict } as never) as Entity<'user'>);
    },
    async deleteUser(id) {
      const user = db.user.findFirst(byId(id));
      if (!user) return;
      for (const table of ['cart', 'comment', 'favorite', 'rating'] as const) {
        (db[table] as unknown as { deleteMany(q: object): void }).deleteMany(where({ userId: id }));
      }
      db.user.delete(byId(id));
      if (!db.deletedUser.findFirst(byId(id))) db.deletedUser.create({ id, email: user.email, deletedAt: new Date().toISOString() });
    },
    async wasDeleted(id, email) {
      return db.deletedUser.getAll().some((e) => e.id === id || e.email.toLowerCase() === email.toLowerCase());
    },
    async lockAdmins() {
      // Transactions here already run one at a time.
      return db.user.findMany(where({ type: 'Admin' })).map((e) => e.id).sort();
    },

    async getCartByUser(userId) {
      const e = db.cart.findFirst(where({ userId }));
      return e ? toCart(e) : null;
    },
    async getCart(id) {
      const e = db.cart.findFirst(byId(id));
      return e ? toCart(e) : null;
    },
    async createCart(userId) {
      const cart: CartRow = { id: nextId(db.cart.getAll()), userId, lines: [] };
      db.cart.create({ ...cart, lines: '[]' });
      return cart;
    },
    async setCartLines(cartId, lines) {
      return toCart(db.cart.update({ ...byId(cartId), data: { lines: JSON.stringify(lines) }, ...strict } as never) as Entity<'cart'>);
    },

    async listOrders(options = {}) {
      const rows = options.userId ? db.order.findMany(where({ userId: options.userId })) : db.order.getAll();
      // One read of every history: a findMany per order of the seeded hundreds takes most of a second.
      const histories = new Map<number, Entity<'orderHistory'>[]>();
      for (const h of db.orderHistory.getAll()) {
        const list = histories.get(h.orderId);
        if (list) list.push(h);
        else histories.set(h.orderId, [h]);
      }
      return rows.map((e) => orderWith(e, histories.get(e.id) ?? []));
    },
    async orderPage({ term = '', status, offset, limit }) {
      const matched = db.order
        .getAll()
        .filter((e) => e.status !== 'cancelled' && (!status || e.status === status) && orderMatches(e, term))
        .sort(newerFirst);
      return { rows: matched.slice(offset, offset + limit).map(toOrder), total: matched.length };
    },
    async getOrder(id) {
      const e = db.order.findFirst(byId(id));
      return e ? toOrder(e) : null;
    },
    async getOrderByPayment(paymentId) {
      const e = db.order.findFirst(where({ paymentId }));
      return e ? toOrder(e) : null;
    },
    async insertOrder({ history, ...order }) {
      if (db.order.findFirst(where({ paymentId: order.paymentId }))) return null;
      const id = nextId(db.order.getAll());
      const e = db.order.create({ ...order, id, lines: JSON.stringify(order.lines) });
      for (const entry of history) appendHistory(id, entry);
      return toOrder(e);
    },
    async insertOrders(orders) {
      const first = nextId(db.order.getAll());
      let historyId = nextId(db.orderHistory.getAll());
      for (const [index, { history, ...order }] of orders.entries()) {
        const id = first + index;
        db.order.create({ ...order, id, lines: JSON.stringify(order.lines) });
        for (const { status, at, by } of history) db.orderHistory.create({ id: historyId++, orderId: id, status, at, byUserId: by.userId, byEmail: by.email });
      }
    },
    async setOrderStatus(id, from, change) {
      if (db.order.findFirst(byId(id))?.status !== from) return null;
      const e = db.order.update({ ...byId(id), data: { status: change.status }, ...strict } as never) as Entity<'order'>;
      appendHistory(id, change);
      return toOrder(e);
    },

    async listComments(productId) {
      return db.comment.findMany(where({ productId })).map(toComment);
    },
    async getComment(id) {
      const e = db.comment.findFirst(byId(id));
      return e ? toComment(e) : null;
    },
    async insertComment(comment) {
      const row: CommentRow = { ...comment, id: nextId(db.comment.getAll()) };
      db.comment.create(row);
      return row;
    },
    async insertComments(comments) {
      const first = nextId(db.comment.getAll());
      for (const [index, comment] of comments.entries()) db.comment.create({ ...comment, id: first + index });
    },
    async deleteComment(id) {
      db.comment.delete(byId(id));
    },

    async listFavorites(userId) {
      return db.favorite
        .findMany(where({ userId }))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((e) => e.productId);
    },
    async addFavorite(userId, productId) {
      const id = `${userId}:${productId}`;
      if (!db.favorite.findFirst(byId(id))) db.favorite.create({ id, userId, productId, createdAt: new Date().toISOString() });
    },
    async removeFavorite(userId, productId) {
      db.favorite.delete(byId(`${userId}:${productId}`));
    },

    async lockProduct(id) {
      // Transactions here already run one at a time.
      return store.getProduct(id);
    },
    async setRating(userId, productId, rating) {
      const id = `${userId}:${productId}`;
      if (db.rating.findFirst(byId(id))) db.rating.update({ ...byId(id), data: { rating } } as never);
      else db.rating.create({ id, userId, productId, rating });
      return ratingsOf(productId);
    },
    async removeRating(userId, productId) {
      const id = `${userId}:${productId}`;
      if (!db.rating.findFirst(byId(id))) return null;
      db.rating.delete(byId(id));
      return ratingsOf(productId);
    },
    async getRating(userId, productId) {
      return db.rating.findFirst(byId(`${userId}:${productId}`))?.rating ?? null;
    },

    async claimIdempotencyKey({ userId, key, fingerprint, at }, expiredBefore) {
      for (const e of db.idempotencyKey.getAll()) if (Date.parse(e.createdAt) < Date.parse(expiredBefore)) db.idempotencyKey.delete(byId(e.id));
      const id = `${userId}\u0000${key}`;
      const held = db.idempotencyKey.findFirst(byId(id));
      if (held) return { fingerprint: held.fingerprint, status: held.status, body: json(held.body) };
      // Transactions here run one at a time: a concurrent claim finds this one's row with its reply.
      db.idempotencyKey.create({ id, fingerprint, createdAt: at, status: 0, body: 'null' });
      return null;
    },
    async keepIdempotentReply(userId, key, reply) {
      db.idempotencyKey.update({ ...byId(`${userId}\u0000${key}`), data: { status: reply.status, body: JSON.stringify(reply.body ?? null) }, ...strict } as never);
    },

    async countShop(since): Promise<ShopCounts> {
      const orders = db.order.getAll().map((o) => ({ status: o.status as OrderStatus, totalPrice: o.totalPrice, createdAt: o.createdAt }));
      const recent = orders.filter((o) => Date.parse(o.createdAt) >= Date.parse(since));
      return {
        products: countBy(db.product.getAll().map((p) => ({ disable: p.disable, inStock: p.stock > 0 }))),
        users: countBy(db.user.getAll().map((u) => ({ type: u.type as UserType }))),
        orders: sumBy(orders.map(({ status, totalPrice }) => ({ status, totalPrice }))),
        recentOrders: sumBy(recent.map(({ status, totalPrice, createdAt }) => ({ status, totalPrice, day: new Date(createdAt).toISOString().slice(0, 10) }))),
      };
    },

    async getPayment(id) {
      const e = db.payment.findFirst(byId(id));
      return e ? toPayment(e) : null;
    },
    async insertPayment(payment) {
      db.payment.create(payment);
      return payment;
    },
    async setPaymentStatus(id, status, from) {
      const e = db.payment.findFirst(byId(id));
      if (e?.status !== from) return false;
      db.payment.update({ ...byId(id), data: { status } } as never);
      return true;
    },
    async recordCapture(id, at) {
      if (!(await store.setPaymentStatus(id, 'captured', 'created')) && !(await store.setPaymentStatus(id, 'captured', 'failed'))) return false;
      capturedAt.set(id, at);
      return true;
    },
    async startCapture(id, at) {
      if (db.payment.findFirst(byId(id))?.status !== 'created') return false;
      captureStarts.set(id, at);
      return true;
    },
    async staleCreatedPayments(provider, staleBefore) {
      return db.payment
        .findMany(where({ status: 'created', provider }))
        .filter((e) => staleFrom(e) < Date.parse(staleBefore))
        .sort((a, b) => staleFrom(a) - staleFrom(b) || a.id.localeCompare(b.id))
        .map((e) => e.id);
    },
    async settleStaleCreated(id, status, staleBefore) {
      const e = db.payment.findFirst(byId(id));
      if (!e || staleFrom(e) >= Date.parse(staleBefore)) return false;
      return store.setPaymentStatus(id, status, 'created');
    },
    async oweStaleCaptures(capturedBefore) {
      const stale = db.payment
        .findMany(where({ status: 'captured' }))
        .filter((e) => Date.parse(capturedAt.get(e.id) ?? e.createdAt) < Date.parse(capturedBefore) && !db.order.findFirst(where({ paymentId: e.id })));
      const owed: string[] = [];
      for (const e of stale) if (await store.setPaymentStatus(e.id, 'refunding', 'captured')) owed.push(e.id);
      return owed;
    },
    async oweRefund(id, from, at) {
      if (!(await store.setPaymentStatus(id, 'refunding', from))) return false;
      if (at !== null) refundAttempts.set(id, at);
      return true;
    },
    async claimOwedRefund(staleBefore, at) {
      const since = (id: string) => Date.parse(refundAttempts.get(id) ?? '1970-01-01T00:00:00Z');
      const owed = db.payment
        .findMany(where({ status: 'refunding' }))
        .filter((e) => since(e.id) < Date.parse(staleBefore))
        .sort((a, b) => since(a.id) - since(b.id))[0];
      if (!owed) return null;
      refundAttempts.set(owed.id, at);
      return owed.id;
    },
  };

  const inner: Store = { ...store, transaction: (work) => work(inner) };
  return store;
}
