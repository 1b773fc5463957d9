import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { discounted, fullPrice, onSale, soldOut } from '~/tests/fixtures/catalogue';
import { makeProduct } from '~/tests/fixtures/product';
import { ProductCard } from './ProductCard';

const meta = {
  title: 'UI/Product card',
  component: ProductCard,
  args: { product: fullPrice, favorite: false, onOpen: fn(), onToggleFavorite: fn(), onAddToCart: fn() },
  decorators: [(Story) => <div style={{ width: 260, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof ProductCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FullPrice: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText(/% OFF/)).toBeNull();
    await userEvent.click(canvas.getByRole('article'));
    await expect(args.onOpen).toHaveBeenCalledWith(fullPrice);
  },
};

export const Discounted: Story = {
  args: { product: discounted },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${discounted.discount}% OFF`)).toBeVisible();
  },
};

export const HoverActionsDoNotOpen: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: `Add ${fullPrice.name} to cart` }));
    await userEvent.click(canvas.getByRole('button', { name: `Add ${fullPrice.name} to favourites` }));
    await expect(args.onAddToCart).toHaveBeenCalledOnce();
    await expect(args.onToggleFavorite).toHaveBeenCalledOnce();
    await expect(args.onOpen).not.toHaveBeenCalled();
  },
};

export const Favourite: Story = {
  args: { favorite: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: `Remove ${fullPrice.name} from favourites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  },
};

export const NoStock: Story = {
  args: { product: soldOut },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: `${soldOut.name} is out of stock` })).toBeDisabled();
  },
};

const manyShades = onSale.find((p) => p.shades.length > 5)!;
const fewShades = onSale.find((p) => p.shades.length >= 2 && p.shades.length <= 5)!;

/** Up to five swatches and "+N" for the rest, said as the number of shades; they are no controls. */
export const WithManyShades: Story = {
  args: { product: manyShades },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: `${manyShades.shades.length} shades` })).toBeVisible();
    await expect(canvas.getByText(`+${manyShades.shades.length - 5}`)).toBeVisible();
    await expect(canvas.queryAllByRole('radio')).toHaveLength(0);
  },
};

export const WithFewShades: Story = {
  args: { product: fewShades },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: `${fewShades.shades.length} shades` })).toBeVisible();
    await expect(canvas.queryByText(/^\+\d+$/)).toBeNull();
  },
};

/** A product without shades looks as it did: no swatches. */
export const WithoutShades: Story = {
  args: { product: makeProduct({ shades: [] }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('img', { name: /shades?$/ })).toBeNull();
  },
};
