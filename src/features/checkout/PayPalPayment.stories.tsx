import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef, useSelector } from '@xstate/react';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { checkoutMachine, type Payment, type PlacedOrder } from '~/machines/checkout.machine';
import type { Cart } from '~/src/domain/types';
import { fullPrice } from '~/tests/fixtures/catalogue';
import { PAYPAL_APPROVAL, PAYPAL_SDK_STAND_IN } from '~/tests/fixtures/paypalSdkStandIn';
import { PayPalPayment } from './PayPalPayment';

const CART: Cart = {
  id: 1,
  userId: 'u1',
  totalPrice: fullPrice.totalPrice,
  lines: [{ productId: fullPrice.id, shadeId: null, quantity: 1, product: fullPrice }],
  removed: [],
};
const PAYMENT: Payment = { id: 'PAYPAL-ORDER-1', provider: 'paypal', amount: CART.totalPrice };
const ADDRESS = { country: 'argentina', state: 'cordoba', address: 'san martin', street: '123' };

/** The PayPal path with the checkout machine's server calls as spies: what the buttons make the machine do. */
function PayPalCheckout({
  createPayment,
  createOrder,
}: {
  createPayment(): Promise<Payment>;
  createOrder(input: unknown): Promise<PlacedOrder>;
}) {
  const checkout = useActorRef(
    checkoutMachine.provide({
      actors: {
        loadCart: fromPromise(async () => CART),
        createPayment: fromPromise(createPayment),
        createOrder: fromPromise(({ input }) => createOrder(input)),
      },
    }),
    { input: { userId: 'u1', address: ADDRESS, payment: null } },
  );
  const state = useSelector(checkout, (s) => (typeof s.value === 'string' ? s.value : JSON.stringify(s.value)));
  return (
    <main>
      <p>Checkout: {state}</p>
      <PayPalPayment clientId="test-client-id" checkout={checkout} paying={false} />
    </main>
  );
}

const meta = {
  title: 'Checkout/PayPal buttons (SDK stand-in)',
  component: PayPalCheckout,
  args: { createPayment: fn(async () => PAYMENT), createOrder: fn(async () => ({ id: 7 })) },
  parameters: {
    msw: [
      http.get(
        'https://www.paypal.com/sdk/js',
        () => new HttpResponse(PAYPAL_SDK_STAND_IN, { headers: { 'Content-Type': 'text/javascript' } }),
      ),
      http.post(PAYPAL_APPROVAL, () => HttpResponse.json({ status: 'APPROVED' })),
    ],
  },
} satisfies Meta<typeof PayPalCheckout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Approved: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'PayPal' }, { timeout: 5000 }));
    await expect(await canvas.findByText('Checkout: approved')).toBeVisible();
    await expect(args.createPayment).toHaveBeenCalledOnce();
    await expect(args.createOrder).toHaveBeenCalledWith({ userId: 'u1', address: ADDRESS, paymentId: PAYMENT.id });
  },
};

export const Cancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel PayPal' }, { timeout: 5000 }));
    await expect(await canvas.findByText('Checkout: error')).toBeVisible();
    await expect(args.createPayment).toHaveBeenCalledOnce();
    await expect(args.createOrder).not.toHaveBeenCalled();
  },
};
