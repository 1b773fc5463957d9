import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RowMenu, RowMenuItem } from './RowMenu';

function Example({ onDelete }: { onDelete(): void }) {
  return (
    <RowMenu label="Actions for Velvet Lipstick">
      <RowMenuItem onSelect={onDelete}>Delete</RowMenuItem>
      <RowMenuItem disabled>Archive</RowMenuItem>
    </RowMenu>
  );
}

const meta = { title: 'UI/RowMenu', component: Example, args: { onDelete: fn() } } satisfies Meta<typeof Example>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opened from the keyboard; arrows move over the items, a disabled one is skipped, Enter chooses. */
export const ByKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions for Velvet Lipstick' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await page.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Archive' })).toHaveAttribute('aria-disabled', 'true');
    await expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await expect(page.queryByRole('menu')).toBeNull();
  },
};
