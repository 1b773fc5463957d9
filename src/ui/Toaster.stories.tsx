import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './Button/Button';
import { Toaster } from './Toaster';
import { notify, notifyFailure } from './toast';

function ToastDemo() {
  return (
    <div style={{ padding: 24, display: 'flex', gap: 12 }}>
      <Button onClick={() => notify('Added to Cart')}>Add to cart</Button>
      <Button variant="secondary" onClick={() => notifyFailure()}>
        Fail a request
      </Button>
      <Toaster />
    </div>
  );
}

const meta = { title: 'UI/Toasts', component: ToastDemo } satisfies Meta<typeof ToastDemo>;
export default meta;

export const SpecToastAndFailure: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    const toast = await canvas.findByText('Added to Cart');
    await expect(toast.closest('[data-y-position]')).toHaveAttribute('data-y-position', 'top');
    await expect(toast.closest('[data-x-position]')).toHaveAttribute('data-x-position', 'center');
    await userEvent.click(canvas.getByRole('button', { name: 'Fail a request' }));
    const failure = await canvas.findByText('Something went wrong. Please try again.');
    await waitFor(() => expect(failure).toBeVisible());
  },
};
