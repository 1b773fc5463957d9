import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import AppErrorPage from './AppErrorPage';

const meta = {
  title: 'Pages/App error',
  component: AppErrorPage,
  args: { onReload: fn() },
  parameters: { route: '/about' },
} satisfies Meta<typeof AppErrorPage>;
export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const heading = canvas.getByRole('heading', { name: 'Something went wrong', level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveFocus();
    await expect(canvas.getByText('This page could not be shown. Reload to try again.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go Back Home' })).toHaveAttribute('href', '/home');
    await userEvent.keyboard('{Tab}');
    await expect(canvas.getByRole('button', { name: 'Reload' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};
