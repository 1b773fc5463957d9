import { assign, fromPromise, setup } from 'xstate';
import type { ShippingAddress } from '~/src/domain/address';
import { CHECKOUT_REDIRECT_MS } from '~/src/domain/constants';
import type { Cart } from '~/src/domain/types';
import { validateShipping } from '~/src/domain/validation/shipping';

export const CHECKOUT_FAILED = 'Error in checkout, try again later...';
/**
 * How many times an order that got no answer (no network, a timeout, a 5xx)
 * is asked again before the error shows, and how long after: the server
 * answers the order already made for the payment, so an order whose answer
 * was lost ends approved, with one order.
 */
export const ORDER_RETRIES = 2;
export const ORDER_RETRY_MS = 1_000;

export interface Payment {
  id: string;
  provider: 'paypal' | 'test';
  /** The USD total it was made for: a kept payment is dropped once the cart's total differs. */
  amount: number;
}

/** The order a payment made: its id leads the shopper to it. */
export interface PlacedOrder {
  id: number;
}

/** A refusal the shopper must read as it is (409: a product sold out meanwhile, the cart changed). */
export class CheckoutRefused extends Error {}

export type CheckoutEvent =
  | { type: 'PAY' }
  /** The provider's buttons: the shopper approved, cancelled, or the provider failed. */
  | { type: 'APPROVED' }
  | { type: 'CANCELLED' }
  | { type: 'FAILED' }
  | { type: 'RETRY' };

export interface CheckoutInput {
  userId: string;
  address: ShippingAddress | null;
  /** A payment this checkout already started (kept across a reload), reused rather than made twice. */
  payment: Payment | null;
}

export interface CheckoutContext extends CheckoutInput {
  cart: Cart | null;
  error: string | null;
  /** The order asked again so far after getting no answer. */
  orderRetries: number;
}

/**
 * Checkout after the cart: the stored shipping address is checked again
 * (none valid: back to the cart), the server cart is shown beside the
 * provider's buttons, and paying makes one payment (kept and reused, so a
 * double click, a retry or a reload never pays twice) and then the order;
 * a PayPal payment kept across a reload is placed first. An order that
 * gets no answer is asked again, ORDER_RETRIES times at most, before the
 * error shows (a refusal shows at once). An empty server
 * cart has nothing to pay for.
 * Approved or failed, the shopper is sent home 2 s later.
 */
export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: {
    loadCart: fromPromise<Cart, { userId: string }>(() => {
      throw new Error('checkout machine: provide the "loadCart" actor');
    }),
    createPayment: fromPromise<Payment, { userId: string }>(() => {
      throw new Error('checkout machine: provide the "createPayment" actor');
    }),
    createOrder: fromPromise<PlacedOrder, { userId: string; address: ShippingAddress; paymentId: string }>(() => {
      throw new Error('checkout machine: provide the "createOrder" actor');
    }),
  },
  actions: {
    persistPayment: (_, _payment: Payment | null) => {},
    orderPlaced: (_, _orderId: number) => {},
    countOrderRetry: assign({ orderRetries: ({ context }) => context.orderRetries + 1 }),
  },
  guards: {
    validAddress: ({ context }) => context.address !== null && validateShipping(context.address).valid,
    hasPayment: ({ context }) => context.payment !== null,
    testPayment: ({ context }) => context.payment?.provider === 'test',
    paypalPayment: ({ context }) => context.payment?.provider === 'paypal',
    emptyCart: ({ context }) => context.cart !== null && context.cart.lines.length === 0,
    mayRetryOrder: ({ context }) => context.orderRetries < ORDER_RETRIES,
  },
  delays: { home: CHECKOUT_REDIRECT_MS, orderRetry: ORDER_RETRY_MS },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, cart: null, error: null, orderRetries: 0 }),
  initial: 'shipping',
  states: {
    shipping: { always: [{ guard: 'validAddress', target: 'payment' }, { target: 'noAddress' }] },
    /** The page sends the shopper back to the cart's shipping form. */
    noAddress: { type: 'final' },
    /** Nothing to pay for (the order was placed, or the cart emptied elsewhere): the page says so. */
    emptyCart: { type: 'final' },
    payment: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadCart',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: [
              {
                guard: ({ context, event }) => context.payment !== null && context.payment.amount !== event.output.totalPrice,
                target: 'loaded',
                actions: [assign({ cart: ({ event }) => event.output, payment: null }), { type: 'persistPayment', params: null }],
              },
              { target: 'loaded', actions: assign({ cart: ({ event }) => event.output }) },
            ],
            onError: 'loadFailed',
          },
        },
        loaded: {
          tags: ['loading'],
          always: [
            { guard: 'emptyCart', target: '#checkout.emptyCart' },
            // PayPal may have taken the shopper's approval before a reload: its order is placed before any new buttons.
            { guard: 'paypalPayment', target: 'resuming' },
            { target: 'choosing' },
          ],
        },
        resuming: {
          tags: ['loading'],
          invoke: {
            src: 'createOrder',
            input: ({ context }) => ({ userId: context.userId, address: context.address!, paymentId: context.payment!.id }),
            onDone: {
              target: '#checkout.approved',
              actions: [
                { type: 'persistPayment', params: null },
                { type: 'orderPlaced', params: ({ event }) => event.output.id },
              ],
            },
            onError: [
              // Never approved, or declined: that payment is over, and the shopper pays again with a new one.
              {
                guard: ({ event }) => event.error instanceof CheckoutRefused,
                target: 'choosing',
                actions: [
                  assign({ error: ({ event }) => messageOf(event.error), payment: null }),
                  { type: 'persistPayment', params: null },
                ],
              },
              { guard: 'mayRetryOrder', target: 'retryingResume', actions: 'countOrderRetry' },
              { target: 'loadFailed' },
            ],
          },
        },
        /** The kept payment's order got no answer: asked again, as a new one's is. */
        retryingResume: {
          tags: ['loading'],
          after: { orderRetry: 'resuming' },
        },
        loadFailed: { on: { RETRY: { target: 'loading', actions: assign({ orderRetries: 0 }) } } },
        choosing: {
          on: {
            PAY: [
              { guard: 'hasPayment', target: 'approving', actions: assign({ error: null }) },
              { target: 'creatingPayment', actions: assign({ error: null }) },
            ],
          },
        },
        creatingPayment: {
          tags: ['paying'],
          invoke: {
            src: 'createPayment',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'approving',
              actions: [assign({ payment: ({ event }) => event.output }), { type: 'persistPayment', params: ({ event }) => event.output }],
            },
            onError: { target: '#checkout.error', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        /** The provider's approval: a test payment needs none; PayPal's comes from its buttons. */
        approving: {
          tags: ['paying'],
          always: { guard: 'testPayment', target: 'placingOrder' },
          on: {
            APPROVED: 'placingOrder',
            // Never approved, so never captured: the next try starts a new payment.
            CANCELLED: { target: '#checkout.error', actions: [assign({ payment: null }), { type: 'persistPayment', params: null }] },
            FAILED: { target: '#checkout.error', actions: [assign({ payment: null }), { type: 'persistPayment', params: null }] },
          },
        },
        placingOrder: {
          tags: ['paying'],
          invoke: {
            src: 'createOrder',
            input: ({ context }) => ({ userId: context.userId, address: context.address!, paymentId: context.payment!.id }),
            onDone: {
              target: '#checkout.approved',
              actions: [
                { type: 'persistPayment', params: null },
                { type: 'orderPlaced', params: ({ event }) => event.output.id },
              ],
            },
            onError: [
              // A refused payment (refunded, sold out) is never tried again; any other failure keeps it for a retry.
              {
                guard: ({ event }) => event.error instanceof CheckoutRefused,
                target: '#checkout.error',
                actions: [
                  assign({ error: ({ event }) => messageOf(event.error), payment: null }),
                  { type: 'persistPayment', params: null },
                ],
              },
              { guard: 'mayRetryOrder', target: 'retryingOrder', actions: 'countOrderRetry' },
              { target: '#checkout.error' },
            ],
          },
        },
        /** No answer came (it may have been made): the same payment's order is asked again, which answers it if it was. */
        retryingOrder: {
          tags: ['paying'],
          after: { orderRetry: 'placingOrder' },
        },
      },
    },
    approved: { after: { home: 'home' } },
    error: { after: { home: 'home' } },
    /** The page navigates home. */
    home: { type: 'final' },
  },
});

const messageOf = (error: unknown) => (error instanceof CheckoutRefused ? error.message : null);
