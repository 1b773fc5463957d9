import type { OrderStatus, UserType } from '~/src/domain/types';
import type { OrderSum, ShopCounts, ShopCountStore } from '~/server/core/ports';
import type { Database } from '../db';

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

export function shopCountStore(db: Database): ShopCountStore {
  return {
    async countShop(since): Promise<ShopCounts> {
      const orders = db.order.getAll().map((o) => ({ status: o.status as OrderStatus, totalPrice: o.totalPrice, createdAt: o.createdAt }));
      const recent = orders.filter((o) => Date.parse(o.createdAt) >= Date.parse(since));
      return {
        products: countBy(db.product.getAll().map((p) => ({ disable: p.disable, inStock: p.stock > 0 }))),
        users: countBy(db.user.getAll().map((u) => ({ type: u.type as UserType }))),
        orders: sumBy(orders.map(({ status, totalPrice }) => ({ status, totalPrice }))),
        recentOrders: sumBy(
          recent.map(({ status, totalPrice, createdAt }) => ({ status, totalPrice, day: new Date(createdAt).toISOString().slice(0, 10) })),
        ),
      };
    },
  };
}
