import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { orderStatusMachine } from '../../machines/orderStatus.machine';
import { DEMO_USER } from '../../seed/seed';
import { canChangeOrderStatus } from '../../src/domain/permissions';
import { ordersActors } from '../../src/features/orders/ordersActors';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';
import { ORDER_IDS, orderStatusModels, type OrderRole } from './orderStatus.model';

type Snapshot = SnapshotFrom<typeof orderStatusMachine>;

/**
 * The Admin's orders on the mock backend with the app's actors
 * (ordersActors, as /admin/orders gives them): the seeded orders and two
 * more of ana's, open, for the path to move on or cancel.
 */
const orderStatusBinding: MachineBinding = {
  name: 'orderStatus',
  async open(shop) {
    const admin = await shop.signIn('admin');
    const [product] = await shop.takeProducts([5]);
    const openOrder = () =>
      shop.backend.store.insertOrder({
        userId: DEMO_USER.id,
        userEmail: DEMO_USER.email,
        status: 'open',
        address: 'Argentina, Cordoba, San Martin 1234',
        totalPrice: product!.totalPrice,
        createdAt: new Date().toISOString(),
        paymentId: `QA-${crypto.randomUUID()}`,
        lines: [{ productId: product!.id, name: product!.name, image: product!.image, quantity: 1, unitPrice: product!.totalPrice }],
        history: [{ status: 'open', at: new Date().toISOString(), by: { userId: DEMO_USER.id, email: DEMO_USER.email } }],
      });
    const real: Record<OrderRole, number> = { moving: (await openOrder())!.id, cancelled: (await openOrder())!.id };
    const realId = (modelId: number) => real[(Object.keys(ORDER_IDS) as OrderRole[]).find((role) => ORDER_IDS[role] === modelId)!];
    return {
      logic: orderStatusMachine.provide({ actors: ordersActors({ admin: true, userId: admin.id }) }),
      async send(event) {
        if (event.type === 'SET_STATUS' || event.type === 'CANCEL') return { ...event, orderId: realId(event.orderId as number) };
        return event;
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        const orders = await shop.backend.store.listOrders();
        for (const order of orders) {
          const moves = order.history.map((h) => h.status);
          expect(moves.at(-1), `order ${order.id}'s status is its last move`).toBe(order.status);
          moves.slice(1).forEach((to, i) => expect(canChangeOrderStatus(moves[i]!, to), `order ${order.id}: ${moves[i]} -> ${to} (DECISIONS.md)`).toBe(true));
        }
        if (snapshot.matches({ ready: 'idle' })) {
          const shown = context.orders.map((o) => `${o.id} ${o.status}`).sort();
          const held = orders.filter((o) => o.status !== 'cancelled').map((o) => `${o.id} ${o.status}`).sort();
          // A list that could not be read again stays as it was: the failed request was said (the app's failure toast).
          if (shop.requestFailures.length === 0) expect(shown, "the list is the server's").toEqual(held);
        }
      },
      showable: (snapshot) => snapshot.matches('failed') || snapshot.matches({ ready: 'idle' }),
    };
  },
};

machinePaths(orderStatusModels, orderStatusBinding);
