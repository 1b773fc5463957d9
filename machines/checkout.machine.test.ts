import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ShippingAddress } from '~/src/domain/address';
import type { Cart } from '~/src/domain/types';
import { fullPrice } from '~/tests/fixtures/catalogue';
import {
  CheckoutRefused,
  checkoutMachine,
  ORDER_RETRIES,
  ORDER_RETRY_MS,
  type CheckoutInput,
  type Payment,
  type PlacedOrder,
} from './checkout.machine';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ADDRESS: ShippingAddress = { country: 'argentina', state: 'cordoba', address: 'san martin', street: '123' };
const CART: Cart = {
  id: 1,
  userId: 'u1',
  totalPrice: fullPrice.totalPrice * 2,
  // Two shades of one product: two lines (DECISIONS.md "Shades"), paid for as one cart.
  lines: fullPrice.shades.slice(0, 2).map((shade) => ({ productId: fullPrice.id, shadeId: shade.id, quantity: 1, product: fullPrice })),
  removed: [],
};
const TEST_PAYMENT: Payment = { id: 'TEST-1', provider: 'test', amount: CART.totalPrice };
const PAYPAL_PAYMENT: Payment = { id: 'PAYPAL-1', provider: 'paypal', amount: CART.totalPrice };

interface Fakes {
  loadCart?: () => Promise<Cart>;
  createPayment?: () => Promise<Payment>;
  createOrder?: (input: { paymentId: string; address: ShippingAddress }) => Promise<PlacedOrder>;
  input?: Partial<CheckoutInput>;
}

function start({
  loadCart = async () => CART,
  createPayment = async () => TEST_PAYMENT,
  createOrder = async () => ({ id: 7 }),
  input,
}: Fakes = {}) {
  const persisted: (Payment | null)[] = [];
  const placed = vi.fn();
  const created = vi.fn(createPayment);
  const ordered = vi.fn(createOrder);
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        loadCart: fromPromise(loadCart),
        createPayment: fromPromise(created),
        createOrder: fromPromise(({ input }) => ordered(input)),
      },
      actions: { persistPayment: (_, payment) => persisted.push(payment), orderPlaced: (_, orderId) => placed(orderId) },
    }),
    { input: { userId: 'u1', address: ADDRESS, payment: null, ...input } },
  ).start();
  return { actor, persisted, placed, created, ordered };
}

it('shipping -> noAddress without a stored address, or with one that breaks a rule of the form', () => {
  expect(start({ input: { address: null } }).actor.getSnapshot().value).toBe('noAddress');
  expect(start({ input: { address: { ...ADDRESS, street: '12 3' } } }).actor.getSnapshot().value).toBe('noAddress');
});

it('shipping -> payment.loading -> choosing with the server cart', async () => {
  const { actor } = start();
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'choosing' });
  expect(actor.getSnapshot().context.cart).toBe(CART);
});

it('loading -> choosing drops a kept payment for another total than the cart has now, so PAY makes a new one', async () => {
  const kept: Payment = { ...TEST_PAYMENT, id: 'TEST-OLD', amount: CART.totalPrice + 5 };
  const { actor, persisted, created, ordered } = start({ input: { payment: kept } });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().context.payment).toBeNull();
  expect(persisted).toEqual([null]);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(created).toHaveBeenCalledOnce();
  expect(ordered).toHaveBeenCalledWith(expect.objectContaining({ paymentId: TEST_PAYMENT.id }));
});

it("loading -> choosing keeps a kept payment for the cart's total", async () => {
  const { actor, persisted } = start({ input: { payment: TEST_PAYMENT } });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().context.payment).toEqual(TEST_PAYMENT);
  expect(persisted).toEqual([]);
});

it('loading -> emptyCart when the server cart has nothing to pay for (the order placed, or emptied elsewhere)', async () => {
  const { actor, persisted } = start({ loadCart: async () => ({ ...CART, totalPrice: 0, lines: [] }), input: { payment: TEST_PAYMENT } });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('emptyCart');
  expect(persisted).toEqual([null]);
});

it('loading -> resuming places a PayPal payment kept from before a reload before any new buttons: approved, no second payment', async () => {
  const { actor, created, ordered, placed, persisted } = start({ input: { payment: PAYPAL_PAYMENT } });
  expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('approved');
  expect(ordered).toHaveBeenCalledWith({ userId: 'u1', address: ADDRESS, paymentId: PAYPAL_PAYMENT.id });
  expect(created).not.toHaveBeenCalled();
  expect(placed).toHaveBeenCalledOnce();
  expect(persisted).toEqual([null]);
});

it('resuming -> choosing with the refusal when the kept PayPal payment was never approved: PAY then makes a new payment', async () => {
  const fresh: Payment = { ...PAYPAL_PAYMENT, id: 'PAYPAL-2' };
  let refuse = true;
  const { actor, created, persisted } = start({
    input: { payment: PAYPAL_PAYMENT },
    createPayment: async () => fresh,
    createOrder: async () => (refuse ? Promise.reject(new CheckoutRefused('The payment was not completed.')) : { id: 8 }),
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'choosing' });
  expect(actor.getSnapshot().context).toMatchObject({ payment: null, error: 'The payment was not completed.' });
  expect(persisted).toEqual([null]);
  refuse = false;
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(created).toHaveBeenCalledOnce();
  expect(actor.getSnapshot().value).toEqual({ payment: 'approving' });
  expect(actor.getSnapshot().context.error).toBeNull();
});

it('resuming -> loadFailed once the order, asked again ORDER_RETRIES times, got no answer, keeping the payment; RETRY loads and places it again', async () => {
  let fail = true;
  const { actor, ordered } = start({
    input: { payment: PAYPAL_PAYMENT },
    createOrder: async () => (fail ? Promise.reject(new Error('offline')) : { id: 8 }),
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'retryingResume' });
  await vi.advanceTimersByTimeAsync(ORDER_RETRIES * ORDER_RETRY_MS);
  expect(actor.getSnapshot().value).toEqual({ payment: 'loadFailed' });
  expect(ordered).toHaveBeenCalledTimes(1 + ORDER_RETRIES);
  expect(actor.getSnapshot().context.payment).toEqual(PAYPAL_PAYMENT);
  fail = false;
  actor.send({ type: 'RETRY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('approved');
  expect(ordered).toHaveBeenCalledTimes(2 + ORDER_RETRIES);
});

it('loading -> loadFailed, and RETRY loads again', async () => {
  let fail = true;
  const { actor } = start({ loadCart: async () => (fail ? Promise.reject(new Error('offline')) : CART) });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'loadFailed' });
  fail = false;
  actor.send({ type: 'RETRY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'choosing' });
});

it('a test payment: PAY -> creatingPayment -> placingOrder -> approved (the order made told by its id) -> home after 2 s, the payment kept then let go of', async () => {
  const { actor, persisted, placed, ordered } = start();
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  expect(actor.getSnapshot().value).toEqual({ payment: 'creatingPayment' });
  expect(actor.getSnapshot().hasTag('paying')).toBe(true);
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('approved');
  expect(ordered).toHaveBeenCalledWith({ userId: 'u1', address: ADDRESS, paymentId: 'TEST-1' });
  expect(persisted).toEqual([TEST_PAYMENT, null]);
  expect(placed, 'the order made, by its id: the shopper is led to it').toHaveBeenCalledExactlyOnceWith(7);
  await vi.advanceTimersByTimeAsync(1999);
  expect(actor.getSnapshot().value).toBe('approved');
  await vi.advanceTimersByTimeAsync(1);
  expect(actor.getSnapshot().value).toBe('home');
  expect(actor.getSnapshot().status).toBe('done');
});

it('a double click pays once: PAY while paying is ignored', async () => {
  const { actor, created, ordered } = start();
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  expect(created).toHaveBeenCalledOnce();
  expect(ordered).toHaveBeenCalledOnce();
});

it('a payment kept from before a reload is reused: PAY -> approving -> placingOrder, no second payment', async () => {
  const { actor, created, ordered } = start({ input: { payment: TEST_PAYMENT } });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(created).not.toHaveBeenCalled();
  expect(ordered).toHaveBeenCalledWith(expect.objectContaining({ paymentId: 'TEST-1' }));
  expect(actor.getSnapshot().value).toBe('approved');
});

it('PayPal: approving waits for the buttons; APPROVED -> placingOrder -> approved', async () => {
  const { actor, ordered } = start({ createPayment: async () => PAYPAL_PAYMENT });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'approving' });
  expect(ordered).not.toHaveBeenCalled();
  actor.send({ type: 'APPROVED' });
  expect(actor.getSnapshot().value).toEqual({ payment: 'placingOrder' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('approved');
  expect(ordered).toHaveBeenCalledWith(expect.objectContaining({ paymentId: 'PAYPAL-1' }));
});

it.each(['CANCELLED', 'FAILED'] as const)(
  'PayPal: approving -> error on %s, the unapproved payment let go of, then home after 2 s',
  async (type) => {
    const { actor, ordered, persisted } = start({ createPayment: async () => PAYPAL_PAYMENT });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'PAY' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.payment).toBeNull();
    expect(persisted).toEqual([PAYPAL_PAYMENT, null]);
    expect(ordered).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().value).toBe('home');
  },
);

it('creatingPayment -> error with the server refusal naming a sold-out product', async () => {
  const { actor } = start({ createPayment: async () => Promise.reject(new CheckoutRefused('Only 0 of Lipstick left in stock.')) });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('error');
  expect(actor.getSnapshot().context.error).toBe('Only 0 of Lipstick left in stock.');
});

it('placingOrder -> error on a refusal: the refunded payment is let go of, never reused', async () => {
  const { actor, persisted } = start({ createOrder: async () => Promise.reject(new CheckoutRefused('Lipstick sold out meanwhile.')) });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toBe('error');
  expect(actor.getSnapshot().context).toMatchObject({ error: 'Lipstick sold out meanwhile.', payment: null });
  expect(persisted).toEqual([TEST_PAYMENT, null]);
});

it('placingOrder -> error once the order, asked again ORDER_RETRIES times, got no answer: the payment is kept for a retry, no message but the generic one', async () => {
  const { actor, persisted, ordered } = start({ createOrder: async () => Promise.reject(new Error('offline')) });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(0);
  expect(actor.getSnapshot().value).toEqual({ payment: 'retryingOrder' });
  await vi.advanceTimersByTimeAsync(ORDER_RETRIES * ORDER_RETRY_MS);
  expect(actor.getSnapshot().value).toBe('error');
  expect(ordered).toHaveBeenCalledTimes(1 + ORDER_RETRIES);
  expect(actor.getSnapshot().context).toMatchObject({ error: null, payment: TEST_PAYMENT });
  expect(persisted).toEqual([TEST_PAYMENT]);
});

it('placingOrder -> retryingOrder -> approved: an order that got no answer is asked again, and the answer (the order already made) is shown', async () => {
  let calls = 0;
  const { actor, placed, ordered } = start({ createOrder: async () => (++calls === 1 ? Promise.reject(new Error('timeout')) : { id: 7 }) });
  await vi.advanceTimersByTimeAsync(0);
  actor.send({ type: 'PAY' });
  await vi.advanceTimersByTimeAsync(ORDER_RETRY_MS);
  expect(actor.getSnapshot().value).toBe('approved');
  expect(ordered.mock.calls.map(([input]) => input.paymentId)).toEqual([TEST_PAYMENT.id, TEST_PAYMENT.id]);
  expect(placed).toHaveBeenCalledTimes(1);
});
