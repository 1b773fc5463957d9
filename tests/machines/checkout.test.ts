import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { checkoutMachine, type Payment } from '../../machines/checkout.machine';
import { api } from '../../src/api/client';
import { formatOrderAddress } from '../../src/domain/address';
import { paymentStore, shippingStore } from '../../src/state/storage/keys';
import { checkoutInput, checkoutLogic } from '../../src/features/checkout/checkoutLogic';
import { checkoutModel, PAYPAL_SHOPPER, SHIPPING } from './checkout.model';
import { machinePaths } from './harness/machinePaths';
import type { MachineBinding } from './harness/replay';

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
    if (model.address) shippingStore.write(SHIPPING);
    let placed = 0;
    let stock = STOCK;
    return {
      logic: checkoutLogic({ orderPlaced: () => void placed++ }),
      input: checkoutInput(userId),
      async arrange(outcome, before, phase) {
        if (phase !== 'answering') return;
        if (outcome.label === 'cart changed') await shop.setServerCart(userId, [{ id: product!.id, quantity: QUANTITY }, { id: other!.id, quantity: 1 }]);
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
        // An order placed whose answer was lost: the checkout said it failed, and keeps its payment, whose retry answers that order.
        const unheard = orders.length - ordersBefore - placed;
        const lost = shop.network.sent.filter((call) => call.call === 'POST /orders' && call.fault === 'answer-lost').length;
        expect(unheard, 'one order for each approval, none otherwise (but one whose answer was lost)').toBeGreaterThanOrEqual(0);
        expect(unheard, 'one order for each approval, none otherwise (but one whose answer was lost)').toBeLessThanOrEqual(lost);
        if (unheard > 0) expect(paymentStore.read()?.id, "an order whose answer was lost is the kept payment's: a retry answers it").toBe(orders[orders.length - 1]!.paymentId);
        if (orders.length > ordersBefore) {
          expect(orders[orders.length - 1]).toMatchObject({ status: 'open', address: formatOrderAddress(SHIPPING), lines: [{ productId: product!.id, quantity: QUANTITY }] });
          expect(left, 'the order took the stock').toBe(stock - QUANTITY);
          expect(await shop.serverCart(userId), 'the order emptied the cart').toEqual([]);
        } else {
          expect(left, 'no order, no stock taken').toBe(stock);
        }
        if (placed > 0) expect(shippingStore.read(), 'an order heard of: the shipping address is forgotten').toBeNull();
        if (snapshot.matches('approved')) expect(placed).toBe(1);
        const settled = snapshot.matches('approved') || snapshot.matches('home');
        expect(paymentStore.read(), 'the payment kept is the one the checkout holds').toEqual(settled && placed > 0 ? null : context.payment);
      },
      showable: (snapshot) =>
        ['approved', 'error', 'home', 'noAddress', 'emptyCart'].some((state) => snapshot.matches(state)) ||
        snapshot.matches({ payment: 'choosing' }) ||
        snapshot.matches({ payment: 'loadFailed' }),
    };
  },
};

machinePaths(checkoutModel, checkoutBinding);
