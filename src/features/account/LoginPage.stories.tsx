import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import { pendingAuthProvider, refusingAuthProvider } from '~/mocks/authStates';
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

/** DECISIONS.md: one password rule (6-20) and one plain-address rule for sign-up and sign-in. */
export const NotThePatterns: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, '<b>x</b>@qa.test', DEMO_PASSWORDS.shopper);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Email or Password incorrect');
    await userEvent.clear(canvas.getByLabelText('Email'));
    await userEvent.clear(canvas.getByLabelText('Password'));
    await signIn(canvasElement, 'ana@makeup.test', 'abcd5');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Email or Password incorrect');
  },
};

export const ProviderFailsUnknown: Story = {
  parameters: { shop: { authProvider: refusingAuthProvider('auth/something-new', 'Firebase: Error (auth/something-new).') } },
  play: async ({ canvasElement }) => {
    const canvas = await signIn(canvasElement, 'ana@makeup.test', DEMO_PASSWORDS.shopper);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await expect(canvas.queryByText(/Firebase|auth\//)).toBeNull();
  },
};
