import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { discounted, fullPrice } from '~/tests/fixtures/catalogue';
import { SHOPPER } from '~/tests/fixtures/users';
import { lineOf } from '~/src/domain/cartLine';
import { shippingStore } from '~/src/state/storage/keys';
import CartPage from './CartPage';

const meta = {
  title: 'Pages/Cart',
  component: CartPage,
  parameters: { route: '/cart' },
  // The shipping form typed in one story is kept in this tab's session: each story starts without one.
  beforeEach: () => shippingStore.forget(),
} satisfies Meta<typeof CartPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You have to be logged in to see the cart')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  },
};

export const Empty: Story = {
  parameters: { shop: { signedInAs: SHOPPER } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Your cart is empty')).toBeVisible();
  },
};

export const WithLines: Story = {
  parameters: { shop: { signedInAs: SHOPPER, cart: [lineOf(discounted), lineOf(fullPrice, 2)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const lines = await canvas.findByRole('list', { name: 'Cart lines' });
    await expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText('SUBTOTAL')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Buy' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Missing fields!');
    await userEvent.type(canvas.getByLabelText('COUNTRY'), 'ar1');
    await expect(canvas.getByText('only letters!')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('STREET'), '12 3');
    await expect(canvas.getByText('only numbers & no spacing!')).toBeVisible();
  },
};

export const ShippingFormErrors: Story = {
  parameters: { shop: { signedInAs: SHOPPER, cart: [lineOf(fullPrice)] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Buy' }));
    await userEvent.type(canvas.getByLabelText('STATE'), 'cba');
    await expect(canvas.getByText("it's too short !")).toBeVisible();
    await userEvent.type(canvas.getByLabelText('ADDRESS'), 'sanmartinavenida');
    await expect(canvas.getByText("it's too large !")).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Missing fields!');
    await expect(canvas.getByRole('heading', { name: 'Cart' })).toBeVisible();
  },
};

/** Back from /payment: the shipping form this shopper typed in this tab shows again with its four fields. */
export const BackFromPayment: Story = {
  parameters: { shop: { signedInAs: SHOPPER, cart: [lineOf(fullPrice)] } },
  beforeEach: () => {
    shippingStore.write(SHOPPER.id, { country: 'argentina', state: 'cordoba', address: 'san martin', street: '123' });
  },
  play: async ({ canvasElement }) => {
    const form = await within(canvasElement).findByRole('form', { name: 'Shipping' });
    await expect(within(form).getByLabelText('COUNTRY')).toHaveValue('argentina');
    await expect(within(form).getByLabelText('STATE')).toHaveValue('cordoba');
    await expect(within(form).getByLabelText('ADDRESS')).toHaveValue('san martin');
    await expect(within(form).getByLabelText('STREET')).toHaveValue('123');
  },
};

/** Another shopper's form, typed earlier in this tab, is not shown. */
export const AnotherShoppersForm: Story = {
  parameters: { shop: { signedInAs: SHOPPER, cart: [lineOf(fullPrice)] } },
  beforeEach: () => {
    shippingStore.write('someone-else', { country: 'argentina', state: 'cordoba', address: 'san martin', street: '123' });
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Buy' }));
    await expect(canvas.getByLabelText('COUNTRY')).toHaveValue('');
  },
};
