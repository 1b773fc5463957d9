import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { discounted, fullPrice } from '../../../tests/fixtures/catalogue';
import FavoritesPage from './FavoritesPage';

const meta = { title: 'Pages/Favourites', component: FavoritesPage, parameters: { route: '/favorites' } } satisfies Meta<typeof FavoritesPage>;
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
