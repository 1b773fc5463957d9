import type { ListedOrderStatus } from '~/src/domain/orderTable';
import type { OrderStatus } from '~/src/domain/types';

/** A page of the Admin's orders table as the store reads it (Store.orderPage); `term` as orderSearchTerm makes it. */
export interface OrderPageQuery {
  term?: string;
  status?: ListedOrderStatus;
  offset: number;
  limit: number;
}

export interface OrderLineRow {
  productId: number;
  name: string;
  image: string;
  /** The shade bought, its name and colour as they were then; absent from lines stored before shades were sold. */
  shadeId?: number | null;
  shadeName?: string | null;
  shadeHex?: string | null;
  quantity: number;
  unitPrice: number;
}

/** Who changed an order's status: their user id and email as they were then, so the entry outlives the account. */
export interface OrderActor {
  userId: string;
  email: string;
}

/** One status an order took: the creation as open, then every change. */
export interface OrderHistoryRow {
  status: OrderStatus;
  at: string;
  by: OrderActor;
}

export interface OrderRow {
  id: number;
  userId: string;
  /** Kept as it was when ordered, so the order outlives the account. */
  userEmail: string;
  status: OrderStatus;
  address: string;
  totalPrice: number;
  createdAt: string;
  paymentId: string;
  lines: OrderLineRow[];
  /** Oldest first; the last entry is the current status. */
  history: OrderHistoryRow[];
}

export interface OrderStore {
  listOrders(options?: { userId?: string }): Promise<OrderRow[]>;
  /**
   * One page of the orders not cancelled, newest first (equal times by id,
   * descending): those whose buyer email or id holds `term` (orderMatches)
   * and of `status`, `limit` of them after `offset`; with how many match.
   */
  orderPage(query: OrderPageQuery): Promise<{ rows: OrderRow[]; total: number }>;
  getOrder(id: number): Promise<OrderRow | null>;
  getOrderByPayment(paymentId: string): Promise<OrderRow | null>;
  /** Writes the order with its history; null when the payment has an order already (a concurrent replay). */
  insertOrder(order: Omit<OrderRow, 'id'>): Promise<OrderRow | null>;
  /** Writes many orders with their histories in a few statements, in the order given: a seed's, whose payments have no orders yet. */
  insertOrders(orders: readonly Omit<OrderRow, 'id'>[]): Promise<void>;
  /**
   * Moves the order from `from` to `change.status` and appends the change to
   * its history, in one step; null when it was no longer `from`.
   */
  setOrderStatus(id: number, from: OrderStatus, change: OrderHistoryRow): Promise<OrderRow | null>;
}
