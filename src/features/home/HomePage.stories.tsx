import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { makeProduct } from '~/tests/fixtures/product';
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
    for (const name of ['Special Offers', 'Popular', 'New Arrivals'])
      await expect(canvas.getByRole('status', { name: new RegExp(name) })).toBeVisible();
  },
};

/** The products load fails (a 503): a failure message with Retry instead of the spinners, and Retry loads them. */
export const Failed: Story = {
  parameters: {
    msw: [
      http.get('/api/products', () => HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }), {
        once: true,
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('The products could not be loaded.');
    await expect(canvas.queryByRole('status')).toBeNull();
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    const offers = await canvas.findByRole('region', { name: 'Special Offers' }, { timeout: 5000 });
    await expect(within(offers).getAllByRole('group')).toHaveLength(12);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A catalogue with nothing on offer and nothing rated: those sections say so once the list is read, and never spin. */
export const EmptySections: Story = {
  parameters: {
    msw: [http.get('/api/products', () => HttpResponse.json([makeProduct({ name: 'Plain Balm' }), makeProduct({ name: 'Plain Liner' })]))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Nothing in Special Offers right now.')).toBeVisible();
    await expect(canvas.getByText('Nothing in Popular right now.')).toBeVisible();
    await expect(await canvas.findByText('Plain Balm')).toBeVisible();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};
