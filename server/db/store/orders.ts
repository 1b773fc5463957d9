import type { OrderStatus } from '~/src/domain/types';
import type { OrderHistoryRow, OrderPageQuery, OrderRow, OrderStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { first, iso, json, likePattern, rowReader, type Row } from './rows';

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
  history: json<{ status: OrderStatus; at: string; by_user_id: string; by_email: string }[]>(r.history).map((h): OrderHistoryRow => ({
    status: h.status,
    at: iso(h.at),
    by: { userId: h.by_user_id, email: h.by_email },
  })),
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

async function appendHistory(sql: Sql, orderId: number, entry: OrderHistoryRow) {
  await sql.query('INSERT INTO order_history (order_id, status, at, by_user_id, by_email) VALUES ($1, $2, $3, $4, $5)', [
    orderId,
    entry.status,
    entry.at,
    entry.by.userId,
    entry.by.email,
  ]);
}

export function orderStore(sql: Sql): OrderStore {
  const { one, many } = rowReader(sql);
  return {
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
          [
            order.userId,
            order.userEmail,
            order.status,
            order.address,
            order.totalPrice,
            order.createdAt,
            order.paymentId,
            JSON.stringify(order.lines),
          ],
        );
        const id = first(rows)?.id;
        if (id === undefined) return null;
        for (const entry of order.history) await appendHistory(tx, Number(id), entry);
        return orderStore(tx).getOrder(Number(id));
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
        return orderStore(tx).getOrder(id);
      }),
  };
}
