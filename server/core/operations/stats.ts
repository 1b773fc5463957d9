import type { components } from '~/src/api/schema';
import { ok, requireAdmin, type Operations } from '../context';
import type { OrderSum, ShopCounts } from '../ports';

type Sales = components['schemas']['Sales'];

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC dates (YYYY-MM-DD) of the last `count` days, ending with the one `now` falls on. */
function lastDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/** Cancelled orders are left out of sales; totals are added in cents so the sum keeps 2 decimals exactly. */
function salesOf(sums: readonly OrderSum[]): Sales {
  const kept = sums.filter((sum) => sum.status !== 'cancelled');
  const cents = kept.reduce((total, sum) => total + Math.round(sum.total * 100), 0);
  return { total: cents / 100, orders: kept.reduce((count, sum) => count + sum.count, 0) };
}

const countOf = <T extends { count: number }>(rows: readonly T[], keep: (row: T) => boolean = () => true) =>
  rows.filter(keep).reduce((count, row) => count + row.count, 0);

/** The dashboard's figures (contract schema Stats) from the store's grouped counts. */
function statsOf(counts: ShopCounts, days: readonly string[]): components['schemas']['Stats'] {
  const ofType = (type: string) => countOf(counts.users, (row) => row.type === type);
  return {
    products: {
      active: countOf(counts.products, (row) => !row.disable && row.inStock),
      total: countOf(counts.products),
      unavailable: countOf(counts.products, (row) => row.disable || !row.inStock),
    },
    users: {
      total: countOf(counts.users),
      admins: ofType('Admin'),
      users: ofType('User'),
      banned: ofType('Banned'),
      blocked: ofType('Blocked'),
    },
    sales: salesOf(counts.orders),
    salesPerDay: days.map((day) => ({ day, ...salesOf(counts.recentOrders.filter((sum) => sum.day === day)) })),
  };
}

export const statsOperations: Pick<Operations, 'getStats'> = {
  async getStats(ctx) {
    requireAdmin(ctx);
    const days = lastDays(ctx.now(), DAYS);
    return ok(statsOf(await ctx.store.countShop(`${days[0]}T00:00:00.000Z`), days));
  },
};
