import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { pendingAuthProvider } from '../../../mocks/authStates';
import RegisterPage from './RegisterPage';

const meta = { title: 'Pages/Register', component: RegisterPage, parameters: { route: '/register' } } satisfies Meta<typeof RegisterPage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement, values: { email: string; username: string; password: string; confirm: string }) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), values.email);
  await userEvent.type(canvas.getByLabelText('Username'), values.username);
  await userEvent.type(canvas.getByLabelText('Password'), values.password);
  await userEvent.type(canvas.getByLabelText('Confirm password'), values.confirm);
  await userEvent.click(canvas.getByRole('button', { name: 'Register' }));
  return canvas;
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Terms of Service and our Privacy Policy/)).toBeVisible();
  },
};

export const EveryRuleBroken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, { email: 'ana@', username: '1ana', password: 'abc', confirm: 'abd' });
    await expect(canvas.getByRole('alert')).toHaveTextContent('incorrect data, please check form');
    await expect(canvas.getByText('Please insert Valid email pattern')).toBeVisible();
    await expect(canvas.getByText('username is required and must contain 8-15 characters starting with a letter. No spaces')).toBeVisible();
    await expect(canvas.getByText('5 to 20 characters. at least one lower-case letter and one number. No special Characters')).toBeVisible();
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();
  },
};

export const EmailInUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, { email: 'ana@makeup.test', username: 'anotherana1', password: 'secret12', confirm: 'secret12' });
    await expect(await canvas.findByRole('alert')).toHaveTextContent('An account with this email already exists. Sign in instead.');
  },
};

export const Registering: Story = {
  parameters: { shop: { authProvider: pendingAuthProvider } },
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, { email: 'new@makeup.test', username: 'newshopper1', password: 'secret12', confirm: 'secret12' });
    await expect(await canvas.findByRole('button', { name: 'Registering…' })).toBeDisabled();
  },
};
