import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { discounted, fullPrice } from '~/tests/fixtures/catalogue';
import { formatPrice, totalPrice } from '~/src/domain/price';
import type { Cart } from '~/src/domain/types';
import { PaymentStep } from './PaymentStep';

/** Two shades of one product: two lines, each named with its shade. */
const [firstShade, secondShade] = fullPrice.shades;
const total = totalPrice(discounted.price, discounted.discount) + totalPrice(fullPrice.price, fullPrice.discount) * 3;
const cart: Cart = {
  id: 1,
  userId: 'u1',
  totalPrice: Math.round(total * 100) / 100,
  lines: [
    { productId: discounted.id, shadeId: discounted.shades[0]?.id ?? null, quantity: 1, product: discounted },
    { productId: fullPrice.id, shadeId: firstShade!.id, quantity: 2, product: fullPrice },
    { productId: fullPrice.id, shadeId: secondShade!.id, quantity: 1, product: fullPrice },
  ],
  removed: [],
};

const meta = {
  title: 'Checkout/Payment step',
  component: PaymentStep,
  args: {
    status: 'choosing',
    cart,
    address: { country: 'argentina', state: 'cordoba', address: 'san martin', street: '123' },
    refusal: null,
    paypal: null,
    onPay: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof PaymentStep>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', cart: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'CHOOSE YOUR PAYMENT METHOD' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading your order' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Pay with test payment' })).toBeNull();
  },
};

export const LoadFailed: Story = {
  args: { status: 'loadFailed', cart: null },
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Your order could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Choosing: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const summary = canvas.getByRole('complementary', { name: 'Order summary' });
    const lines = within(summary).getAllByRole('listitem');
    await expect(lines).toHaveLength(3);
    await expect(lines[1]).toHaveTextContent(`${fullPrice.name} (${firstShade!.name}) × 2`);
    await expect(lines[2]).toHaveTextContent(`${fullPrice.name} (${secondShade!.name}) × 1`);
    await expect(summary).toHaveTextContent(`Total (USD)${formatPrice(cart.totalPrice)}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Pay with test payment' }));
    await expect(args.onPay).toHaveBeenCalledOnce();
  },
};

export const ShipsTo: Story = {
  play: async ({ canvasElement }) => {
    const shipTo = within(canvasElement).getByRole('region', { name: 'Ship to' });
    await expect(shipTo).toHaveTextContent('Argentina, Cordoba, San Martin 123');
    await expect(within(shipTo).getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/cart');
  },
};

/** The summaries' headings stand apart from their rows by the theme's spacing (1rem), not touching them. */
export const HeadingsSpaced: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const gapUnder = (heading: HTMLElement, next: Element) => next.getBoundingClientRect().top - heading.getBoundingClientRect().bottom;
    const summary = canvas.getByRole('complementary', { name: 'Order summary' });
    const heading = within(summary).getByRole('heading', { name: 'Order summary' });
    await expect(gapUnder(heading, within(summary).getAllByRole('listitem')[0]!)).toBeGreaterThanOrEqual(16);
    const shipTo = canvas.getByRole('region', { name: 'Ship to' });
    await expect(
      gapUnder(within(shipTo).getByRole('heading'), within(shipTo).getByText('Argentina, Cordoba, San Martin 123')),
    ).toBeGreaterThanOrEqual(16);
  },
};

export const Paying: Story = {
  args: { status: 'paying' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Paying…' })).toBeDisabled();
  },
};

export const Approved: Story = {
  args: { status: 'approved' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Your order has been approved!');
  },
};

export const Failed: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error in checkout, try again later...');
  },
};

export const SoldOutMeanwhile: Story = {
  args: { status: 'error', refusal: `${fullPrice.name} sold out meanwhile.` },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Error in checkout, try again later...');
    await expect(alert).toHaveTextContent(`${fullPrice.name} sold out meanwhile.`);
  },
};

export const PaymentNotCompleted: Story = {
  args: { refusal: 'The payment was not completed.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The payment was not completed.');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay with test payment' }));
    await expect(args.onPay).toHaveBeenCalledOnce();
  },
};
