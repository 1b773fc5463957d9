import type { OrderSum, ShopCounts, ShopCountStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { json } from './rows';

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

export function shopCountStore(sql: Sql): ShopCountStore {
  return {
    async countShop(since) {
      const [row] = await sql.query(COUNT_SHOP, [since]);
      return {
        products: json<ShopCounts['products']>(row!.products),
        users: json<ShopCounts['users']>(row!.users),
        orders: toSums(row!.orders),
        recentOrders: toSums(row!.recent),
      };
    },
  };
}
