import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import ResetPasswordPage from './ResetPasswordPage';

const meta = { title: 'Pages/Reset password', component: ResetPasswordPage, parameters: { route: '/resetPassword' } } satisfies Meta<
  typeof ResetPasswordPage
>;
export default meta;
type Story = StoryObj<typeof meta>;

const request = async (canvasElement: HTMLElement, email: string) => {
  const canvas = within(canvasElement);
  if (email) await userEvent.type(canvas.getByLabelText('Email'), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Get Email to reset password' }));
  return canvas;
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  },
};

export const NoEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, '');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please enter your email');
  },
};

export const NotAnEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'bad@@x');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please insert Valid email pattern');
  },
};

export const Failure: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'nobody@makeup.test');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('User not Found.');
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await request(canvasElement, 'ana@makeup.test');
    await expect(await canvas.findByRole('status')).toHaveTextContent('we sent you an email with a link to reset');
  },
};
