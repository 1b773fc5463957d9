import type pg from 'pg';

/** A shopper of the fault tests: one unit of the product in the cart and a created test payment for it. */
export type Shopper = { uid: string; token: string; paymentId: string };

type PaymentState = { id: string; status: string };
type OrderRow = { id: number; payment_id: string; user_id: string; lines: { productId: number; quantity: number }[]; history: number };

/**
 * What the database holds for these shoppers, in one snapshot: their
 * payments' states, the orders made for them (with their history rows), the
 * units of the product still in their carts, and the product's stock, then
 * checked against `stockBefore` (the stock the shoppers bought from).
 */
export async function ledger(db: pg.Pool, productId: number, stockBefore: number, shoppers: Shopper[]) {
  const paymentIds = shoppers.map((s) => s.paymentId);
  const client = await db.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const payments = (await client.query<PaymentState>('SELECT id, status FROM payments WHERE id = ANY($1)', [paymentIds])).rows;
    const orders = (
      await client.query<OrderRow>(
        'SELECT o.id, o.payment_id, o.user_id, o.lines, (SELECT count(*) FROM order_history h WHERE h.order_id = o.id)::int AS history FROM orders o WHERE o.payment_id = ANY($1)',
        [paymentIds],
      )
    ).rows;
    const carts = (
      await client.query<{ user_id: string; quantity: number }>(
        'SELECT c.user_id, l.quantity FROM carts c JOIN cart_lines l ON l.cart_id = c.id AND l.product_id = $2 WHERE c.user_id = ANY($1)',
        [shoppers.map((s) => s.uid), productId],
      )
    ).rows;
    const stock = Number((await client.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId])).rows[0]!.stock);
    await client.query('COMMIT');
    return settlement({ productId, stockBefore, shoppers, payments, orders, carts, stock });
  } finally {
    client.release();
  }
}

function settlement(state: {
  productId: number;
  stockBefore: number;
  shoppers: Shopper[];
  payments: PaymentState[];
  orders: OrderRow[];
  carts: { user_id: string; quantity: number }[];
  stock: number;
}) {
  const { productId, stockBefore, shoppers, payments, orders, carts, stock } = state;
  const ordersOf = (paymentId: string) => orders.filter((o) => o.payment_id === paymentId);
  const inCart = (uid: string) => carts.find((c) => c.user_id === uid)?.quantity ?? 0;
  const statusOf = (paymentId: string) => payments.find((p) => p.id === paymentId)?.status;
  const unitsOrdered = orders.reduce(
    (sum, o) => sum + o.lines.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0),
    0,
  );
  return {
    stock,
    orders,
    unitsOrdered,
    count: (status: string) => payments.filter((p) => p.status === status).length,
    /** Payments whose money was taken but that have neither exactly one order (fulfilled) nor a refund the provider confirmed (a refund still owed is kept money). */
    capturesKept: payments
      .filter((p) => (p.status === 'fulfilled' ? ordersOf(p.id).length !== 1 : p.status === 'captured' || p.status === 'refunding'))
      .map((p) => p.id),
    /**
     * What a checkout left half done, each named: an order with no lines or
     * not exactly its one 'open' history row, an order whose payment is not
     * fulfilled, a buyer's cart still holding the unit they ordered or a
     * cart that lost it with no order made, and stock taken for no order or
     * an order made without taking it.
     */
    halfWritten: [
      ...orders.filter((o) => o.lines.length === 0).map((o) => `order ${o.id} has no lines`),
      ...orders.filter((o) => o.history !== 1).map((o) => `order ${o.id} has ${o.history} history rows`),
      ...orders.filter((o) => statusOf(o.payment_id) !== 'fulfilled').map((o) => `order ${o.id}'s payment is ${statusOf(o.payment_id)}`),
      ...shoppers
        .filter((s) => inCart(s.uid) !== (ordersOf(s.paymentId).length > 0 ? 0 : 1))
        .map((s) => `${s.uid} has ${ordersOf(s.paymentId).length} orders and ${inCart(s.uid)} units in the cart`),
      ...(stock === stockBefore - unitsOrdered ? [] : [`stock ${stock} after ${unitsOrdered} units ordered of ${stockBefore}`]),
    ],
  };
}

/** How far the shoppers' checkouts are, read in one query: payments captured and not yet fulfilled, and orders made. */
export async function progress(db: pg.Pool, paymentIds: string[]): Promise<{ captured: number; orders: number }> {
  const row = (
    await db.query<{ captured: number; orders: number }>(
      "SELECT count(*) FILTER (WHERE status = 'captured')::int AS captured, (SELECT count(*) FROM orders WHERE payment_id = ANY($1))::int AS orders FROM payments WHERE id = ANY($1)",
      [paymentIds],
    )
  ).rows[0]!;
  return row;
}

/**
 * Runs `during` while a transaction of the test holds the product's row, as a
 * slow database would: a checkout's order transaction waits on its stock.
 * `waiting` counts the transactions then waiting on a lock.
 */
export async function holdingRow<T>(db: pg.Pool, productId: number, during: (waiting: () => Promise<number>) => Promise<T>): Promise<T> {
  const hold = await db.connect();
  try {
    await hold.query('BEGIN');
    await hold.query('SELECT stock FROM products WHERE id = $1 FOR UPDATE', [productId]);
    return await during(
      async () =>
        (await hold.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'")).rows[0]!.n,
    );
  } finally {
    await hold.query('ROLLBACK');
    hold.release();
  }
}
