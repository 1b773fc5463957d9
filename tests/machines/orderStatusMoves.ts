import type { OrderStatus } from '~/src/domain/types';

/**
 * DECISIONS.md 'Order status' as the tests' own table, not the app's rule
 * (canChangeOrderStatus, which the machine and the server use): open ->
 * created -> processing -> approved, set by an Admin; cancelled from any
 * state but approved; approved and cancelled are final. DECISIONS gives the
 * order, not whether a status may be left out: the domain lets the Admin
 * skip forward (the spec's dropdown offers every later status), the moves
 * under `skipping`, so a history may hold them; the paths move one status
 * at a time.
 */
const STATUS_MOVES: Record<OrderStatus, { step: OrderStatus[]; skipping: OrderStatus[] }> = {
  open: { step: ['created', 'cancelled'], skipping: ['processing', 'approved'] },
  created: { step: ['processing', 'cancelled'], skipping: ['approved'] },
  processing: { step: ['approved', 'cancelled'], skipping: [] },
  approved: { step: [], skipping: [] },
  cancelled: { step: [], skipping: [] },
};

export const STATUSES = Object.keys(STATUS_MOVES) as OrderStatus[];

export const allowedMove = (from: OrderStatus, to: OrderStatus) =>
  STATUS_MOVES[from].step.includes(to) || STATUS_MOVES[from].skipping.includes(to);

/** The status an order moves on to one step at a time (itself when final). */
export const nextStatus = (status: OrderStatus): OrderStatus => STATUS_MOVES[status].step.find((to) => to !== 'cancelled') ?? status;

/** The statuses the Admin's dropdown could be set to from `status` that the table forbids (a cancel goes through its confirmation instead). */
export const forbiddenMoves = (status: OrderStatus): OrderStatus[] =>
  STATUSES.filter((to) => to !== 'cancelled' && !allowedMove(status, to));
