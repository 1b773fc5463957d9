import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { silentAuthProvider } from '../../../mocks/authStates';
import { ADMIN, SHOPPER } from '../../../tests/fixtures/users';
import ProfilePage from './ProfilePage';

const meta = { title: 'Pages/Profile', component: ProfilePage, parameters: { route: '/profile' } } satisfies Meta<typeof ProfilePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shopper: Story = {
  parameters: { shop: { signedInAs: SHOPPER } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'anabelle1' })).toBeVisible();
    await expect(canvas.getByText('ana@makeup.test')).toBeVisible();
    await expect(canvas.queryByText('User', { exact: true })).toBeNull();
    await expect(canvas.getByRole('heading', { name: 'My Favorites' })).toBeVisible();
    await expect(canvas.getByText("You don't have any products in favourites...")).toBeVisible();
    const orders = await canvas.findByRole('table');
    await expect(within(orders).getByRole('columnheader', { name: 'USERS ID' })).toBeVisible();
    await expect(within(orders).getAllByRole('row')).toHaveLength(3);
  },
};

export const Admin: Story = {
  parameters: { shop: { signedInAs: ADMIN } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Admin', { exact: true })).toBeVisible();
    await expect(await canvas.findByText('No orders yet.')).toBeVisible();
  },
};

export const EditUser: Story = {
  parameters: { shop: { signedInAs: SHOPPER } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit User' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Edit User' }));
    await expect(dialog.getByLabelText('Email')).toBeDisabled();
    const name = dialog.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'ana');
    await expect(dialog.getByText('username is required and must contain 8-15 characters starting with a letter. No spaces')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
  },
};

export const Loading: Story = {
  parameters: { shop: { authProvider: silentAuthProvider } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your profile');
  },
};
