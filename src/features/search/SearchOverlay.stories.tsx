import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import SearchOverlay from './SearchOverlay';

const meta = { title: 'Pages/Search overlay', component: SearchOverlay } satisfies Meta<typeof SearchOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The theme's surface and ink (theme.css.ts), as the browser computes them. */
const SURFACE = 'rgb(255, 250, 247)';
const INK = 'rgb(43, 29, 36)';

/** The results cover the page: an opaque surface (nothing of the page below shows through) with the shop's ink on it. */
export const Results: Story = {
  parameters: { shop: { searchTerm: 'blush' } },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Search results' });
    await expect(getComputedStyle(region).backgroundColor).toBe(SURFACE);
    await expect(getComputedStyle(region).color).toBe(INK);
    const results = within(region);
    await expect(results.getByRole('heading', { name: 'Search results for: blush' })).toBeVisible();
    const cards = await results.findAllByRole('article');
    await expect(cards.length).toBeGreaterThan(0);
    await expect(results.getByRole('button', { name: 'Clear search' })).toBeVisible();
  },
};

export const NothingFound: Story = {
  parameters: { shop: { searchTerm: 'zzqqxx' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Product Not Found')).toBeVisible();
  },
};

/** The search fails: the spec's text with a Retry, and Retry searches again. */
export const Failed: Story = {
  parameters: {
    shop: { searchTerm: 'blush' },
    msw: [
      http.get('/api/products', () => HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }), { once: true }),
    ],
  },
  play: async ({ canvasElement }) => {
    const results = within(await within(canvasElement).findByRole('region', { name: 'Search results' }));
    const failure = await results.findByRole('alert');
    await expect(failure).toHaveTextContent("We couldn't find blush");
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await expect((await results.findAllByRole('article')).length).toBeGreaterThan(0);
    await expect(results.queryByRole('alert')).toBeNull();
  },
};
