import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { pendingAuthProvider, refusingAuthProvider } from '~/mocks/authStates';
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

/** DECISIONS.md: the spec's 5 becomes 6, the provider's minimum. */
const PASSWORD_RULE = '6 to 20 characters. at least one lower-case letter and one number. No special Characters';
const NEWCOMER = { email: 'new@makeup.test', username: 'newshopper1', password: 'secret12', confirm: 'secret12' };

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
    await expect(canvas.getByText(PASSWORD_RULE)).toBeVisible();
    await expect(canvas.getByText('Passwords do not match')).toBeVisible();
  },
};

export const EmailInUse: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, {
      email: 'ana@makeup.test',
      username: 'anotherana1',
      password: 'secret12',
      confirm: 'secret12',
    });
    await expect(await canvas.findByRole('alert')).toHaveTextContent('An account with this email already exists. Sign in instead.');
  },
};

export const Registering: Story = {
  parameters: { shop: { authProvider: pendingAuthProvider } },
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, {
      email: 'new@makeup.test',
      username: 'newshopper1',
      password: 'secret12',
      confirm: 'secret12',
    });
    await expect(await canvas.findByRole('button', { name: 'Registering…' })).toBeDisabled();
  },
};

export const FiveCharacterPassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, { ...NEWCOMER, password: 'abcd5', confirm: 'abcd5' });
    await expect(canvas.getByRole('alert')).toHaveTextContent('incorrect data, please check form');
    await expect(canvas.getByText(PASSWORD_RULE)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Register' })).toBeEnabled();
  },
};

export const MarkupInEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, { ...NEWCOMER, email: '<b>x</b>@qa.test' });
    await expect(canvas.getByRole('alert')).toHaveTextContent('incorrect data, please check form');
    await expect(canvas.getByText('Please insert Valid email pattern')).toBeVisible();
  },
};

const FIREBASE_WEAK = 'Firebase: Password should be at least 6 characters (auth/weak-password).';
export const ProviderRefusesPassword: Story = {
  parameters: { shop: { authProvider: refusingAuthProvider('auth/weak-password', FIREBASE_WEAK) } },
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, NEWCOMER);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(PASSWORD_RULE);
    await expect(canvas.queryByText(/Firebase|auth\//)).toBeNull();
  },
};

export const ProviderFailsUnknown: Story = {
  parameters: { shop: { authProvider: refusingAuthProvider('auth/something-new', 'Firebase: Error (auth/something-new).') } },
  play: async ({ canvasElement }) => {
    const canvas = await fill(canvasElement, NEWCOMER);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await expect(canvas.queryByText(/Firebase|auth\//)).toBeNull();
  },
};
