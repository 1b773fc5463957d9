import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'UI/Confirm dialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Cancel order #7?',
    message: 'The order leaves the list and its products go back in stock.',
    confirmLabel: 'Cancel order',
    dismissLabel: 'Keep order',
    onConfirm: fn(),
    onDismiss: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const dialogOf = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Cancel order #7?' });

export const Confirms: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(dialog).toHaveTextContent('The order leaves the list and its products go back in stock.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await expect(args.onDismiss).not.toHaveBeenCalled();
  },
};

export const KeepsWithTheDismissButton: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await dialogOf(canvasElement);
    await expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const KeepsWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    await dialogOf(canvasElement);
    await userEvent.keyboard('{Escape}');
    await expect(args.onDismiss).toHaveBeenCalledOnce();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};
