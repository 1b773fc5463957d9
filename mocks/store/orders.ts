import { newerFirst, orderMatches } from '~/src/domain/orderTable';
import type { OrderStatus } from '~/src/domain/types';
import type { OrderHistoryRow, OrderRow, OrderStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, json, nextId, strict, where, type Entity } from './tables';

export function orderStore(db: Database): OrderStore {
  const orderWith = (e: Entity<'order'>, history: readonly Entity<'orderHistory'>[]): OrderRow => ({
    ...e,
    status: e.status as OrderStatus,
    lines: json(e.lines),
    history: [...history]
      .sort((a, b) => a.id - b.id)
      .map((h): OrderHistoryRow => ({ status: h.status as OrderStatus, at: h.at, by: { userId: h.byUserId, email: h.byEmail } })),
  });
  const toOrder = (e: Entity<'order'>) => orderWith(e, db.orderHistory.findMany(where({ orderId: e.id })));

  function appendHistory(orderId: number, entry: OrderHistoryRow) {
    db.orderHistory.create({
      id: nextId(db.orderHistory.getAll()),
      orderId,
      status: entry.status,
      at: entry.at,
      byUserId: entry.by.userId,
      byEmail: entry.by.email,
    });
  }

  return {
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
        for (const { status, at, by } of history)
          db.orderHistory.create({ id: historyId++, orderId: id, status, at, byUserId: by.userId, byEmail: by.email });
      }
    },
    async setOrderStatus(id, from, change) {
      if (db.order.findFirst(byId(id))?.status !== from) return null;
      const e = db.order.update({ ...byId(id), data: { status: change.status }, ...strict } as never) as Entity<'order'>;
      appendHistory(id, change);
      return toOrder(e);
    },
  };
}
