import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, within } from 'storybook/test';
import HomePage from './HomePage';

const meta = { title: 'Pages/Home', component: HomePage, parameters: { route: '/home' } } satisfies Meta<typeof HomePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const offers = await canvas.findByRole('region', { name: 'Special Offers' }, { timeout: 5000 });
    await expect(within(offers).getAllByRole('group')).toHaveLength(12);
    await expect(canvas.getByRole('link', { name: 'See all Special Offers' })).toHaveAttribute('href', '/catalogue?sort=offers&offers=1');
    await expect(canvas.getByRole('link', { name: 'See all New Arrivals' })).toHaveAttribute('href', '/catalogue?sort=newest');
    await expect(within(offers).getAllByRole('button', { name: /Go to slide/ })).toHaveLength(12);
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('/api/products', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const name of ['Special Offers', 'Popular', 'New Arrivals']) await expect(canvas.getByRole('status', { name: new RegExp(name) })).toBeVisible();
  },
};
