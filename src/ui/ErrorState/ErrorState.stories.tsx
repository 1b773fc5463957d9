import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState } from './ErrorState';

const meta = {
  title: 'UI/Error state',
  component: ErrorState,
  args: { message: 'The products could not be loaded.', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;

export const WithRetry: StoryObj<typeof meta> = {
  play: async ({ canvasElement, args }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
