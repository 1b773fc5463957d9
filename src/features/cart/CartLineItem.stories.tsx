import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { lineOf } from '~/src/domain/cartLine';
import { onSale } from '~/tests/fixtures/catalogue';
import { makeProduct } from '~/tests/fixtures/product';
import { SHOPPER } from '~/tests/fixtures/users';
import { CartLineItem } from './CartLineItem';

const inShades = onSale.find((p) => p.shades.filter((s) => s.stock >= 2).length >= 1)!;
const shade = inShades.shades.find((s) => s.stock >= 2)!;

const meta = {
  title: 'Cart/Cart line',
  component: CartLineItem,
  args: { line: lineOf(inShades, 2, shade.id) },
  parameters: { route: '/cart', shop: { signedInAs: SHOPPER } },
  decorators: [
    (Story) => (
      <ul aria-label="Cart lines" style={{ listStyle: 'none', padding: 16, maxWidth: 720 }}>
        {Story()}
      </ul>
    ),
  ],
} satisfies Meta<typeof CartLineItem>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A line in a shade: its swatch and name, its picture, and the stepper and delete naming the shade; the link opens the product on it. */
export const InAShade: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`Shade: ${shade.name}`)).toBeVisible();
    await expect(canvas.getByRole('group', { name: `Quantity of ${inShades.name} (${shade.name})` })).toBeVisible();
    await expect(canvas.getByRole('button', { name: `Delete ${inShades.name} (${shade.name})` })).toBeVisible();
    await expect(canvas.getByRole('link', { name: inShades.name.slice(0, 26) })).toHaveAttribute(
      'href',
      `/detail/${inShades.id}?shade=${shade.id}`,
    );
  },
};

const withSoldOut = makeProduct({
  name: 'Velvet Lipstick',
  shades: [
    { id: 91, name: 'Classic Red', hex: '#b01c2e', stock: 3, image: '/images/products/1.svg' },
    { id: 92, name: 'Nude Pink', hex: '#d99a94', stock: 2, image: '/images/products/1.svg' },
    { id: 93, name: 'Plum', hex: '#5b1f3f', stock: 0, image: '/images/products/1.svg' },
  ],
});

/** The line offers its product's shades to switch to: the chosen one selected, a sold-out one disabled. */
export const SwitchShade: Story = {
  args: { line: lineOf(withSoldOut, 1, 91) },
  parameters: { msw: [http.get('/api/products/:id', () => HttpResponse.json(withSoldOut))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const select = await canvas.findByRole('combobox', { name: 'Switch shade of Velvet Lipstick' });
    await expect(select).toHaveValue('91');
    await expect(canvas.getByRole('option', { name: 'Nude Pink' })).toBeEnabled();
    await expect(canvas.getByRole('option', { name: 'Plum (sold out)' })).toBeDisabled();
  },
};

/** The shades could not be read: the line says so with Retry (never a switch that silently is not there); Retry offers them. */
export const ShadesLoadFailed: Story = {
  args: { line: lineOf(withSoldOut, 1, 91) },
  parameters: {
    msw: [
      http.get('/api/products/:id', () => HttpResponse.json({ error: { code: 'unavailable', message: 'Down.' } }, { status: 503 }), {
        once: true,
      }),
      http.get('/api/products/:id', () => HttpResponse.json(withSoldOut)),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The shades of Velvet Lipstick could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('combobox', { name: 'Switch shade of Velvet Lipstick' })).toHaveValue('91');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A product without shades: no shade said, as before. */
export const WithoutShade: Story = {
  args: { line: lineOf(makeProduct({ name: 'Clear Gloss', shades: [] }), 1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/^Shade:/)).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Delete Clear Gloss' })).toBeVisible();
  },
};
