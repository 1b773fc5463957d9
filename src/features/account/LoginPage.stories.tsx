import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DEMO_PASSWORDS } from '../../../seed/demoPasswords';
import { pendingAuthProvider } from '../../../mocks/authStates';
import LoginPage from './LoginPage';

const meta = { title: 'Pages/Login', component: LoginPage, parameters: { route: '/login' } } satisfies Meta<typeof LoginPage>;
export default meta;
type Story = StoryObj<typeof meta>;

async function signIn(canvasElement: HTMLElement, email: string, password: string) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.type(canvas.getByLabelText('Password'), password);
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  return canvas;
}

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await expect(canvas.getByRole('link', { name: 'Forgot Password? Click here' })).toHaveAttribute('href', '/resetPassword');
    await expect(canvas.getByRole('link', { name: "don't have an account? sign Up here" })).toHaveAttribute('href', '/register');
    await expect(canvas.getByRole('button', { name: 'Sign In with Google' })).toBeEnabled();
  },
};

export const BadPattern: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'ana@makeup', 'abc');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Email or Password incorrect');
  },
};

export const WrongPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'ana@makeup.test', 'wrong123');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Incorrect Password');
  },
};

export const UnknownEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'nobody@makeup.test', DEMO_PASSWORDS.shopper);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('User not Found.');
  },
};

export const SigningIn: Story = {
  parameters: { shop: { authProvider: pendingAuthProvider } },
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'ana@makeup.test', DEMO_PASSWORDS.shopper);
    await expect(await canvas.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Sign In with Google' })).toBeDisabled();
  },
};
