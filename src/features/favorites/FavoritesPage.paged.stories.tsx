import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { forgetAsked, onlyPagesAsked, pageOf, pagedBackend, pagedHandlers } from '~/tests/fixtures/pagedBackend';
import FavoritesPage from './FavoritesPage';

const [first, second] = (await pageOf({ pageSize: '2' })).items;
const hidden = (await pagedBackend.store.listProducts()).find((product) => product.disable)!;

const meta = {
  title: 'Pages/Favourites (paged)',
  component: FavoritesPage,
  parameters: { route: '/favorites', msw: pagedHandlers() },
  beforeEach: forgetAsked,
} satisfies Meta<typeof FavoritesPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each favourite read by its id, a disabled one left out, and no whole list read; one removed leaves at once. */
export const ReadById: Story = {
  parameters: { shop: { favorites: [first!.id, hidden.id, second!.id] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Favourite products' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: `Remove from favourites: ${first!.name}` })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: `Remove from favourites: ${first!.name}` }));
    await expect(within(list).getAllByRole('article')).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: `Remove from favourites: ${second!.name}` })).toBeVisible();
    await expect(onlyPagesAsked()).toBe(true);
  },
};

/** While on, each favourite's read answers 503; a story turns it on once the first read has shown the favourites. */
let readsDown = false;
const readsFail = http.get('/api/products/:id', () =>
  readsDown ? HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }) : undefined,
);

/** A re-read (one removed) fails after a read that worked: the failure with Retry over what was shown, and Retry reads them again. */
export const RereadFailed: Story = {
  parameters: { shop: { favorites: [first!.id, second!.id] }, msw: pagedHandlers(readsFail) },
  beforeEach: () => {
    forgetAsked();
    readsDown = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Favourite products' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(2);
    await expect(canvas.queryByRole('alert')).toBeNull();
    readsDown = true;
    await userEvent.click(canvas.getByRole('button', { name: `Remove from favourites: ${first!.name}` }));
    const failure = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(failure).toHaveTextContent('Your favourites could not be loaded.');
    readsDown = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull(), { timeout: 5000 });
    await expect(within(canvas.getByRole('list', { name: 'Favourite products' })).getAllByRole('article')).toHaveLength(1);
    await expect(canvas.getByRole('button', { name: `Remove from favourites: ${second!.name}` })).toBeVisible();
  },
};
