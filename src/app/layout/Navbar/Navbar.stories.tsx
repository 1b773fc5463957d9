import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ADMIN as admin, SHOPPER as shopper } from '~/tests/fixtures/users';
import { Navbar } from './Navbar';

const meta = {
  title: 'Layout/Navbar',
  component: Navbar,
  args: {
    user: null,
    hasFavorites: false,
    cartCount: 0,
    searchTerm: '',
    onSearchChange: fn(),
    onSignOut: fn(),
  },
} satisfies Meta<typeof Navbar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const LoggedOut: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'Account' }));
    await expect(await page.findByRole('menuitem', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Register' })).toBeVisible();
  },
};

export const SignedInUser: Story = {
  args: { user: shopper },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'Account: anabelle1' }));
    await expect(await page.findByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await userEvent.click(page.getByRole('menuitem', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
  },
};

export const SignedInAdmin: Story = {
  args: { user: admin },
  parameters: { route: '/admin/users' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  },
};

export const WithFavorites: Story = {
  args: { user: shopper, hasFavorites: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Favourites (some saved)' })).toBeVisible();
  },
};

export const WithCartItems: Story = {
  args: { user: shopper, cartCount: 3 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');
  },
};

export const Searching: Story = {
  args: { searchTerm: 'lipstick' },
  play: async ({ canvasElement, args }) => {
    const box = within(canvasElement).getByRole('searchbox', { name: 'Search products' });
    await expect(box).toHaveValue('lipstick');
    await userEvent.type(box, 's');
    await expect(args.onSearchChange).toHaveBeenLastCalledWith('lipsticks');
  },
};

export const SmallScreen: Story = {
  args: { user: admin, cartCount: 1 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).queryByRole('link', { name: 'Catalogue' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'Open menu' }));
    const menu = await page.findByRole('dialog', { name: 'Rouge' });
    await expect(within(menu).getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(within(menu).getByRole('link', { name: 'Profile' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('button', { name: 'Close menu' }));
  },
};
