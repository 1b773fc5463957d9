import { expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { checkoutMachine, type Payment } from '~/machines/checkout.machine';
import { api } from '~/src/api/client';
import { formatOrderAddress } from '~/src/domain/address';
import { paymentStore, shippingStore } from '~/src/state/storage/keys';
import { checkoutInput, checkoutLogic } from '~/src/features/checkout/checkout.logic';
import { checkoutModel, PAYPAL_SHOPPER, SHIPPING } from './checkout.model';
import { CoverageRecorder } from './harness/coverage';
import { machinePaths } from './harness/machinePaths';
import { everyPath } from './harness/model';
import { replay, type MachineBinding } from './harness/replay';
import { newPerson } from './harness/shop';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

/** How many the shopper buys of the one product in the cart, and its stock before. */
const QUANTITY = 2;
const STOCK = 5;

/**
 * Checkout on the mock backend as the app provides it (checkoutLogic: its
 * calls, the kept payment in storage, on an order the shipping address
 * forgotten), the orders placed counted. A new shopper has QUANTITY of one product
 * in their server cart; a kept payment was made for it before the path. A
 * changed or emptied cart, and an order refused because the stock went
 * below the quantity, are the server's data; PayPal's buttons are the
 * path's events on a shop whose payments say they are PayPal's.
 */
const checkoutBinding: MachineBinding = {
  name: 'checkout',
  payments: (path) => ((path.input as { userId: string }).userId === PAYPAL_SHOPPER ? 'paypal' : 'test'),
  async open(shop, path) {
    const { id: userId } = await shop.signIn('zoe');
    const [product, other] = await shop.takeProducts([STOCK, STOCK]);
    await shop.setServerCart(userId, [{ id: product!.id, quantity: QUANTITY }]);
    const ordersBefore = (await shop.backend.store.listOrders({ userId })).length;
    const model = path.input as { address: unknown; payment: Payment | null };
    let payment: Payment | null = null;
    if (model.payment) {
      const { data } = await shop.network.byHarness(() => api.POST('/payments', { body: { userID: userId } }));
      payment = { id: data!.id, provider: data!.provider, amount: data!.amount };
      paymentStore.write(payment);
    }
    if (model.address) shippingStore.write(userId, SHIPPING);
    let placed = 0;
    let stock = STOCK;
    return {
      logic: checkoutLogic({ orderPlaced: () => void placed++ }),
      input: checkoutInput(userId),
      async arrange(outcome, before, phase) {
        if (phase !== 'answering') return;
        if (outcome.label === 'cart changed')
          await shop.setServerCart(userId, [
            { id: product!.id, quantity: QUANTITY },
            { id: other!.id, quantity: 1 },
          ]);
        if (outcome.label === 'empty') await shop.setServerCart(userId, []);
        if (outcome.label !== 'refused') return;
        // A kept payment was refunded meanwhile; a new one meets a stock now below the quantity.
        if (before.matches({ payment: 'resuming' })) await shop.backend.store.setPaymentStatus(payment!.id, 'refunded', 'created');
        else await shop.changeProduct(product!.id, { stock: (stock = QUANTITY - 1) });
      },
      async check(snapshot) {
        const { context } = snapshot as Snapshot;
        const orders = await shop.backend.store.listOrders({ userId });
        const { stock: left } = await shop.product(product!.id);
        // An order whose answer was lost is asked again, and that answers it: every order made is one the checkout heard of.
        expect(orders.length - ordersBefore, 'one order for each approval, none otherwise').toBe(placed);
        if (orders.length > ordersBefore) {
          expect(orders[orders.length - 1]).toMatchObject({
            status: 'open',
            address: formatOrderAddress(SHIPPING),
            lines: [{ productId: product!.id, quantity: QUANTITY }],
          });
          expect(left, 'the order took the stock').toBe(stock - QUANTITY);
          expect(await shop.serverCart(userId), 'the order emptied the cart').toEqual([]);
        } else {
          expect(left, 'no order, no stock taken').toBe(stock);
        }
        if (placed > 0) expect(shippingStore.read(userId), 'an order heard of: the shipping address is forgotten').toBeNull();
        if (snapshot.matches('approved')) expect(placed, 'an approved checkout made exactly one order, and shows it').toBe(1);
        const settled = snapshot.matches('approved') || snapshot.matches('home');
        expect(paymentStore.read(), 'the payment kept is the one the checkout holds').toEqual(
          settled && placed > 0 ? null : context.payment,
        );
      },
      showable: (snapshot) =>
        ['approved', 'error', 'home', 'noAddress', 'emptyCart'].some((state) => snapshot.matches(state)) ||
        snapshot.matches({ payment: 'choosing' }) ||
        snapshot.matches({ payment: 'loadFailed' }),
    };
  },
};

machinePaths(checkoutModel, checkoutBinding);

it('an order whose answer is lost is asked again, which answers it: one order, heard of (the binding holds orders made to orders heard of)', async () => {
  const path = everyPath(checkoutModel).find(
    (p) => p.name === 'shipping given > loading answered > PAY > creatingPayment test payment > placingOrder answered',
  )!;
  // The calls: the cart, the payment, the order.
  const { shop } = await replay(checkoutBinding, checkoutModel, path, 0, {
    recorder: new CoverageRecorder(checkoutMachine),
    fault: { call: 2, kind: 'answer-lost' },
  });
  expect(
    shop.network.sent.filter((sent) => sent.call === 'POST /orders').map((sent) => sent.fault),
    'the order, its answer lost, then asked again',
  ).toEqual(['answer-lost', null]);
  const zoe = (await shop.backend.store.getUserByEmail(newPerson('zoe').email))!;
  expect(await shop.backend.store.listOrders({ userId: zoe.id }), 'one order').toHaveLength(1);
});
