import type { OrderStatus, UserType } from '~/src/domain/types';

/** Orders of one status (and one UTC date, for the recent ones): how many, and their totals summed. */
export interface OrderSum {
  status: OrderStatus;
  count: number;
  total: number;
}

/** The shop's rows counted by the database in one read, grouped; the core adds them up into the dashboard's figures. */
export interface ShopCounts {
  /** Products counted by whether they are disabled and whether any stock is left. */
  products: { disable: boolean; inStock: boolean; count: number }[];
  users: { type: UserType; count: number }[];
  orders: OrderSum[];
  /** Orders created from the given moment on, also grouped by their UTC date (YYYY-MM-DD). */
  recentOrders: (OrderSum & { day: string })[];
}

export interface ShopCountStore {
  /** Every product, user and order counted and summed in one read of the data; recent orders are those created at or after `since` (ISO). */
  countShop(since: string): Promise<ShopCounts>;
}
