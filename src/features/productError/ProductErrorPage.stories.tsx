import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import ProductErrorPage from './ProductErrorPage';

const meta = { title: 'Pages/Product error', component: ProductErrorPage, parameters: { route: '/error' } } satisfies Meta<
  typeof ProductErrorPage
>;
export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/catalogue');
  },
};
