import type { SnapshotFrom } from 'xstate';
import { CheckoutRefused, checkoutMachine, type Payment } from '~/machines/checkout.machine';
import type { ShippingAddress } from '~/src/domain/address';
import type { Cart } from '~/src/domain/types';
import { answers, fails, type MachineModel } from './harness/model';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

export const SHIPPING: ShippingAddress = { country: 'argentina', state: 'cordoba', address: 'san martin', street: '1234' };
/** The cart's total in the model; a kept payment was made for it. */
const TOTAL = 30;
const cart = (total: number, lines = 1): Cart => ({
  id: 1,
  userId: 'shopper',
  totalPrice: total,
  lines: Array.from({ length: lines }, () => ({}) as Cart['lines'][number]),
  removed: [],
});
const kept = (provider: Payment['provider']): Payment => ({ id: 'kept', provider, amount: TOTAL });

const keptPayment = ({ context }: Snapshot) => context.payment !== null && context.payment.id === 'kept';

/** The shopper of a shop whose payments are PayPal's (the others' are the test provider's). */
export const PAYPAL_SHOPPER = 'paypal shopper';
const paypalShop = ({ context }: Snapshot) => context.userId === PAYPAL_SHOPPER;

/**
 * Checkout's model: it starts with the shipping address given or not, and
 * maybe a payment kept from before a reload (the test provider's or
 * PayPal's). The cart loads (as it was, changed since the payment, empty,
 * or not at all); the shopper pays, PayPal's buttons approve, cancel or
 * fail; a payment or order is made, refused (sold out meanwhile, a payment
 * refunded) or fails (an order that fails is asked again, twice at most,
 * before the error shows); 2 s later the shopper goes home.
 */
export const checkoutModel: MachineModel<typeof checkoutMachine> = {
  name: 'checkout',
  machine: checkoutMachine,
  inputs: [
    { label: 'shipping given', input: { userId: 'shopper', address: SHIPPING, payment: null } },
    { label: 'no shipping address', input: { userId: 'shopper', address: null, payment: null } },
    { label: 'payment kept', input: { userId: 'shopper', address: SHIPPING, payment: kept('test') } },
    { label: 'PayPal shop', input: { userId: PAYPAL_SHOPPER, address: SHIPPING, payment: null } },
    { label: 'PayPal payment kept', input: { userId: PAYPAL_SHOPPER, address: SHIPPING, payment: kept('paypal') } },
  ],
  key: ({ context }) => ({
    payment: context.payment?.provider ?? null,
    error: context.error !== null,
    cart: context.cart?.lines.length ?? null,
    orderRetries: context.orderRetries,
  }),
  // A payment made in the path has an id neither knows beforehand (undefined on both sides); a kept one is the run's own.
  effect: ({ context }, id) => ({
    payment: context.payment && { provider: context.payment.provider, id: id(context.payment.id) },
    error: context.error !== null,
    lines: context.cart?.lines.length ?? null,
  }),
  events: () => [{ type: 'PAY' }, { type: 'APPROVED' }, { type: 'CANCELLED' }, { type: 'FAILED' }, { type: 'RETRY' }],
  outcomes: {
    loadCart: [
      answers(() => cart(TOTAL)),
      { label: 'cart changed', output: () => cart(TOTAL + 10, 2), when: keptPayment },
      { label: 'empty', output: () => cart(0, 0) },
      fails(),
    ],
    createPayment: [
      {
        label: 'test payment',
        output: (): Payment => ({ id: 'new', provider: 'test', amount: TOTAL }),
        when: (snapshot) => !paypalShop(snapshot),
      },
      { label: 'PayPal payment', output: (): Payment => ({ id: 'new', provider: 'paypal', amount: TOTAL }), when: paypalShop },
      fails(),
    ],
    createOrder: [
      { label: 'answered', output: () => ({ id: 1 }) },
      { label: 'refused', error: () => new CheckoutRefused('refused') },
      fails(),
    ],
  },
};
