import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { orderStatusMachine } from '../../machines/orderStatus.machine';
import { canChangeOrderStatus } from '../../src/domain/permissions';
import type { OrderStatus } from '../../src/domain/types';
import { ordersActors } from '../../src/features/orders/ordersActors';
import { ordersLogic } from '../../src/features/orders/ordersLogic';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import { ORDER_IDS, orderStatusModels, type OrderRole } from './orderStatus.model';
import { checkAfterRecoveredRead, emptyAfterFailure } from './recoveredRead';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

/**
 * DECISIONS.md 'Order status' as this test's own table, not the app's
 * rule (canChangeOrderStatus, which the server uses): open -> created ->
 * processing -> approved, set by an Admin; cancelled from any state but
 * approved; approved and cancelled are final. DECISIONS gives the order,
 * not whether a status may be left out: the domain lets the Admin skip
 * forward (the spec's dropdown offers every later status), the moves under
 * `skipping`, so a history may hold them; the paths here move one status
 * at a time.
 */
const STATUS_MOVES: Record<OrderStatus, { step: OrderStatus[]; skipping: OrderStatus[] }> = {
  open: { step: ['created', 'cancelled'], skipping: ['processing', 'approved'] },
  created: { step: ['processing', 'cancelled'], skipping: ['approved'] },
  processing: { step: ['approved', 'cancelled'], skipping: [] },
  approved: { step: [], skipping: [] },
  cancelled: { step: [], skipping: [] },
};
const STATUSES = Object.keys(STATUS_MOVES) as OrderStatus[];
const allowedMove = (from: OrderStatus, to: OrderStatus) => STATUS_MOVES[from].step.includes(to) || STATUS_MOVES[from].skipping.includes(to);

/** The Admin's list read: its latest failing leaves the list on screen as it was (said by the app's failure toast). */
const LIST_READ = 'GET /orders';

/**
 * The Admin's orders on the mock backend with the app's actors
 * (ordersActors, as /admin/orders gives them): the seeded orders and two
 * more of ana's, open and paid, for the path to move on or cancel.
 */
const orderStatusBinding: MachineBinding = {
  name: 'orderStatus',
  async open(shop) {
    const [product] = await shop.takeProducts([5]);
    // Paid as the checkout pays: cancelling one refunds its payment through the backend's provider (a payment call the fault runs fail).
    const paidOrder = async () => (await shop.placeOrder('ana', [{ id: product!.id, quantity: 1 }], 'Argentina, Cordoba, San Martin 1234')).id;
    const real: Record<OrderRole, number> = { moving: await paidOrder(), cancelled: await paidOrder() };
    const admin = await shop.signIn('admin');
    const realId = (modelId: number) => real[(Object.keys(ORDER_IDS) as OrderRole[]).find((role) => ORDER_IDS[role] === modelId)!];
    return {
      logic: ordersLogic(ordersActors({ admin: true, userId: admin.id })),
      async send(event) {
        if (event.type === 'SET_STATUS' || event.type === 'CANCEL') return { ...event, orderId: realId(event.orderId as number) };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        const orders = await shop.backend.store.listOrders();
        for (const order of orders) {
          const moves = order.history.map((h) => h.status);
          expect(moves[0], `order ${order.id} was created open (spec)`).toBe('open');
          expect(moves.at(-1), `order ${order.id}'s status is its last move`).toBe(order.status);
          moves.slice(1).forEach((to, i) => expect(allowedMove(moves[i]!, to), `order ${order.id}: ${moves[i]} -> ${to} (DECISIONS.md)`).toBe(true));
        }
        if (snapshot.matches({ ready: 'idle' }) && !shop.latestFailed(LIST_READ)) {
          const shown = context.orders.map((o) => `${o.id} ${o.status}`).sort();
          const held = orders.filter((o) => o.status !== 'cancelled').map((o) => `${o.id} ${o.status}`).sort();
          expect(shown, "the list is the server's").toEqual(held);
        }
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }),
    };
  },
};

it("the app's rule (canChangeOrderStatus) allows exactly the moves of DECISIONS.md's table", () => {
  for (const from of STATUSES) {
    for (const to of STATUSES) expect(canChangeOrderStatus(from, to), `${from} -> ${to}`).toBe(allowedMove(from, to));
  }
});

machinePaths(orderStatusModels, orderStatusBinding);

it('compares the list with the server once a read after a failed one has answered: one then shown empty is caught', async () => {
  await checkAfterRecoveredRead(orderStatusBinding, orderStatusModels[0]!, LIST_READ);
  await expect(checkAfterRecoveredRead(orderStatusBinding, orderStatusModels[0]!, LIST_READ, emptyAfterFailure)).rejects.toThrow("the list is the server's");
});
