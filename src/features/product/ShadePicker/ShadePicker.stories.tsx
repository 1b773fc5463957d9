import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { Shade } from '~/src/domain/shadeChoice';
import { onSale } from '~/tests/fixtures/catalogue';
import { ShadePicker } from './ShadePicker';

const few = onSale.find((p) => p.shades.length >= 3 && p.shades.length <= 4 && p.shades.every((s) => s.stock > 0))!.shades;
const many = onSale.find((p) => p.shades.length >= 40)!.shades;
const withSoldOut = onSale.find((p) => p.shades.some((s) => s.stock === 0) && p.shades[0]!.stock > 0)!.shades;

/** The picker as a page holds it: the chosen shade kept in state. */
function Picking({ shades, first }: { shades: readonly Shade[]; first: Shade }) {
  const [chosen, setChosen] = useState(first);
  return <ShadePicker shades={shades} chosen={chosen} onChoose={setChosen} />;
}

const meta = {
  title: 'Product/Shade picker',
  component: Picking,
  args: { shades: few, first: few[0]! },
  decorators: [(Story) => <div style={{ maxWidth: 480, padding: 16 }}>{Story()}</div>],
} satisfies Meta<typeof Picking>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A few shades: each a radio named for its shade, the chosen one written out; arrows move the choice. */
export const Few: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: `Shade: ${few[0]!.name}` })).toBeVisible();
    await expect(canvas.getAllByRole('radio')).toHaveLength(few.length);
    await expect(canvas.getByRole('radio', { name: few[0]!.name })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: few[0]!.name }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: few[1]!.name })).toBeChecked();
    await expect(canvas.getByRole('group', { name: `Shade: ${few[1]!.name}` })).toBeVisible();
  },
};

/** A foundation range: every shade a swatch of its own, wrapping. */
export const Many: Story = {
  args: { shades: many, first: many[0]! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('radio')).toHaveLength(many.length);
    const last = many.at(-1)!;
    await userEvent.click(canvas.getByRole('radio', { name: new RegExp(`^${last.name}`) }));
    await expect(canvas.getByRole('group', { name: `Shade: ${last.name}` })).toBeVisible();
  },
};

/** A sold-out shade is said so and can still be chosen. */
export const SoldOutChosen: Story = {
  args: { shades: withSoldOut, first: withSoldOut.find((s) => s.stock === 0)! },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const soldOut = withSoldOut.find((s) => s.stock === 0)!;
    await expect(canvas.getByRole('radio', { name: `${soldOut.name}, sold out` })).toBeChecked();
    await expect(canvas.getByRole('group', { name: `Shade: ${soldOut.name}` })).toBeVisible();
  },
};
