import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import SearchOverlay from './SearchOverlay';

const meta = { title: 'Pages/Search overlay', component: SearchOverlay } satisfies Meta<typeof SearchOverlay>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {
  parameters: { shop: { searchTerm: 'blush' } },
  play: async ({ canvasElement }) => {
    const results = within(await within(canvasElement).findByRole('region', { name: 'Search results' }));
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

export const Failed: Story = {
  parameters: {
    shop: { searchTerm: 'gloss' },
    msw: [http.get('/api/products', () => HttpResponse.json({ error: { code: 'internal', message: 'down' } }, { status: 500 }))],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("We couldn't find gloss")).toBeVisible();
  },
};
