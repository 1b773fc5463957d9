import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { onSale } from '../../../tests/fixtures/catalogue';
import CataloguePage from './CataloguePage';

const meta = { title: 'Pages/Catalogue', component: CataloguePage, parameters: { route: '/catalogue' } } satisfies Meta<typeof CataloguePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`${onSale.length} products`)).toBeVisible();
    await expect(within(canvas.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(16);
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText(/Page 2 of/)).toBeVisible();
  },
};

export const FiltersOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`${onSale.length} products`);
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.click(canvas.getByLabelText('Offers only'));
    await expect(canvas.getByText(`${onSale.filter((p) => p.discount >= 1).length} products`)).toBeVisible();
  },
};

export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`${onSale.length} products`);
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.type(canvas.getByLabelText('Min price'), '99999{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Sorry! No matches found, please try another combination');
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('/api/products', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading products' })).toBeVisible();
  },
};
