import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AdminMenu } from './AdminMenu';

const meta = { title: 'Layout/Admin menu', component: AdminMenu, parameters: { route: '/admin/products/list' } } satisfies Meta<
  typeof AdminMenu
>;
export default meta;

export const ProductListSelected: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const menu = within(within(canvasElement).getByRole('navigation', { name: 'Admin' }));
    await expect(menu.getByRole('link', { name: 'Product list' })).toHaveAttribute('aria-current', 'page');
    const products = menu.getByRole('button', { name: 'Products' });
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(products);
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.queryByRole('link', { name: 'Add product' })).toBeNull();
  },
};

export const EditingAProduct: StoryObj<typeof meta> = {
  parameters: { route: '/admin/products/edit/4' },
  play: async ({ canvasElement }) => {
    const menu = within(within(canvasElement).getByRole('navigation', { name: 'Admin' }));
    await expect(menu.getByRole('link', { name: 'Product list' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'Add product' })).not.toHaveAttribute('aria-current');
  },
};
