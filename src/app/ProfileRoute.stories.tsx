import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { silentAuthProvider } from '~/mocks/authStates';
import { discounted, disabled, seeded } from '~/tests/fixtures/catalogue';
import { cutName } from '../domain/truncate';
import { FALLBACK_IMAGE } from '../ui/ProductImage/ProductImage';
import { ADMIN, SHOPPER } from '~/tests/fixtures/users';
import ProfileRoute from './ProfileRoute';

const meta = { title: 'Pages/Profile', component: ProfileRoute, parameters: { route: '/profile' } } satisfies Meta<typeof ProfileRoute>;
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
  parameters: { shop: { providerHolds: SHOPPER, authProvider: silentAuthProvider } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your profile');
  },
};

const unavailable = () => HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 });

/** The orders load fails: a failure with Retry instead of a spinner; Retry shows them. */
export const OrdersFailed: Story = {
  parameters: { shop: { signedInAs: SHOPPER }, msw: [http.get('/api/userOrders', unavailable, { once: true })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('The orders could not be loaded.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    const orders = await canvas.findByRole('table');
    await expect(within(orders).getAllByRole('row')).toHaveLength(3);
  },
};

/** Saving fails: the dialog says so with a Retry and keeps the new name; Retry saves it. */
export const EditUserSaveFails: Story = {
  parameters: { shop: { signedInAs: SHOPPER }, msw: [http.put('/api/users', unavailable, { once: true })] },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Edit User' }));
    const dialog = within(await page.findByRole('dialog', { name: 'Edit User' }));
    const name = dialog.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'anabelle22');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const failure = await dialog.findByRole('alert');
    await expect(failure).toHaveTextContent('Your profile could not be saved. Please try again.');
    await expect(name).toHaveValue('anabelle22');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('heading', { name: 'anabelle22' })).toBeVisible();
  },
};

/** An Admin, who is sent disabled products too, still sees only the showable favourites. */
export const FavoritesHideDisabled: Story = {
  parameters: { shop: { signedInAs: ADMIN, favorites: [disabled.id, discounted.id] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const section = within(canvas.getByRole('region', { name: 'My Favorites' }));
    await expect(await section.findByRole('link', { name: cutName(discounted.name) }, { timeout: 5000 })).toBeVisible();
    await expect(section.getAllByRole('listitem')).toHaveLength(1);
    await expect(section.queryByRole('link', { name: cutName(disabled.name) })).toBeNull();
  },
};

/** A picture no other story has shown, so the browser has not kept it. */
const MISSING_IMAGE = `/images/products/missing-${Date.now()}.svg`;

/** A favourite whose picture is missing (404) shows the fallback image in its place. */
export const FavoriteImageMissing: Story = {
  parameters: {
    shop: { signedInAs: SHOPPER, favorites: [discounted.id] },
    msw: [
      http.get('/api/products', () =>
        HttpResponse.json(seeded.filter((p) => !p.disable).map((p) => (p.id === discounted.id ? { ...p, image: MISSING_IMAGE } : p))),
      ),
      http.get(MISSING_IMAGE, () => new HttpResponse(null, { status: 404 })),
    ],
  },
  play: async ({ canvasElement }) => {
    const section = within(within(canvasElement).getByRole('region', { name: 'My Favorites' }));
    const favorite = await section.findByRole('link', { name: cutName(discounted.name) }, { timeout: 5000 });
    // The picture is decorative (alt=""; the link names the product), so its role is presentation.
    const picture = within(favorite).getByRole('presentation');
    // Lazy pictures load once scrolled to.
    favorite.scrollIntoView();
    await waitFor(() => expect(picture).toHaveAttribute('src', FALLBACK_IMAGE));
  },
};
