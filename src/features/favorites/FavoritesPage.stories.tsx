import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { discounted, disabled, fullPrice } from '~/tests/fixtures/catalogue';
import FavoritesPage from './FavoritesPage';

const meta = { title: 'Pages/Favourites', component: FavoritesPage, parameters: { route: '/favorites' } } satisfies Meta<
  typeof FavoritesPage
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("You don't have any products in favourites...")).toBeVisible();
  },
};

export const WithFavourites: Story = {
  parameters: { shop: { favorites: [discounted.id, fullPrice.id] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Favourite products' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: `Remove from favourites: ${discounted.name}` }));
    await expect(within(list).getAllByRole('article')).toHaveLength(1);
  },
};

/** Only a product disabled since is left: nothing showable, so the empty text. */
export const OnlyDisabledLeft: Story = {
  parameters: { shop: { favorites: [disabled.id] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText("You don't have any products in favourites...", {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** The products load fails: a failure with Retry; Retry shows the favourites. */
export const Failed: Story = {
  parameters: {
    shop: { favorites: [discounted.id] },
    msw: [http.get('/api/products', () => HttpResponse.error(), { once: true })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('Your favourites could not be loaded.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    const list = await canvas.findByRole('list', { name: 'Favourite products' }, { timeout: 5000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(1);
  },
};
