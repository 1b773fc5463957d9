import type { Meta, StoryObj } from '@storybook/react-vite';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, waitFor, within } from 'storybook/test';
import { discounted } from '~/tests/fixtures/catalogue';
import { FALLBACK_IMAGE, PRODUCT_IMAGE_SIZE, PriorityImages, ProductImage } from './ProductImage';

const MISSING = '/images/products/missing.svg';

const meta = {
  title: 'UI/Product image',
  component: ProductImage,
  args: { src: discounted.image, alt: discounted.name, style: { width: 240, height: 'auto' } },
} satisfies Meta<typeof ProductImage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Square at the seeded pictures' size before it arrives; fetched only near the screen. */
export const Lazy: Story = {
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: discounted.name });
    await expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      String(PRODUCT_IMAGE_SIZE),
      String(PRODUCT_IMAGE_SIZE),
    ]);
    await expect([image.getAttribute('loading'), image.getAttribute('decoding'), image.getAttribute('fetchpriority')]).toEqual([
      'lazy',
      'async',
      null,
    ]);
  },
};

/** The page's largest picture: fetched at once, first. */
export const Priority: Story = {
  args: { priority: true },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: discounted.name });
    await expect([image.getAttribute('loading'), image.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  },
};

/** A card's picture inside PriorityImages (the first slide, the first card) loads first without the card being told. */
export const PriorityFromAround: Story = {
  render: (args) => (
    <PriorityImages>
      <ProductImage {...args} />
    </PriorityImages>
  ),
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: discounted.name });
    await expect([image.getAttribute('loading'), image.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
  },
};

export const Broken: Story = {
  args: { src: MISSING, priority: true },
  play: async ({ canvasElement }) => {
    const image = within(canvasElement).getByRole('img', { name: discounted.name });
    await waitFor(() => expect(image.getAttribute('src')).toBe(FALLBACK_IMAGE));
  },
};

/** Server-rendered, the picture failed before React listened for it: hydrating still finds it failed and shows the fallback. */
export const BrokenBeforeHydration: Story = {
  args: { src: MISSING, priority: true },
  render: () => <div data-testid="server-rendered" />,
  play: async ({ canvasElement, args }) => {
    const root = within(canvasElement).getByTestId('server-rendered');
    root.innerHTML = renderToString(<ProductImage {...args} />);
    const image = root.querySelector('img')!;
    await waitFor(() => expect(image.complete).toBe(true));
    const hydrated = await act(async () => hydrateRoot(root, <ProductImage {...args} />));
    await waitFor(() => expect(root.querySelector('img')!.getAttribute('src')).toBe(FALLBACK_IMAGE));
    hydrated.unmount();
  },
};
