import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { shadeErrors, type ShadeDraft } from '~/src/domain/shadeForm';
import { ShadeEditor } from './ShadeEditor';

const RED: ShadeDraft = { key: 'shade-1', id: 1, name: 'Classic Red', hex: '#b22234', stock: '4', image: '' };
const NUDE: ShadeDraft = { key: 'shade-2', id: 2, name: 'Nude Pink', hex: '#e8b4a6', stock: '3', image: '' };

/** A foundation range of 40 shades, light to deep. */
const MANY: ShadeDraft[] = Array.from({ length: 40 }, (_, i) => {
  const level = (230 - i * 5).toString(16).padStart(2, '0');
  return {
    key: `shade-${i + 1}`,
    id: i + 1,
    name: `${100 + i * 10} Warm Sand`,
    hex: `#${level}${level}a0`,
    stock: String(i % 7),
    image: '',
  };
});

/** The editor as the form drives it: the shades kept here, their messages from shades.ts. */
function Harness({ initial }: { initial: ShadeDraft[] }) {
  const [shades, setShades] = useState(initial);
  return (
    <ShadeEditor
      id="shades"
      shades={shades}
      errors={shadeErrors(shades)}
      refusal={undefined}
      uploading={null}
      uploaded={null}
      uploadError={null}
      disabled={false}
      onChange={setShades}
      onFile={() => {}}
    />
  );
}

const meta = {
  title: 'Admin/Product form/Shade editor',
  component: Harness,
  parameters: { layout: 'padded' },
  args: { initial: [] },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

const shadeGroup = (canvas: ReturnType<typeof within>, position: number) =>
  canvas.getByRole('group', { name: new RegExp(`^Shade ${position}\\b`) });

/** No shades: the product is sold as one item; "Add shade" adds one, named, black, none in stock, and takes the focus to its name. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No shades: the product is sold as one item with its own stock.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Add shade' }));
    const shade = shadeGroup(canvas, 1);
    await expect(within(shade).getByRole('textbox', { name: 'Shade name' })).toHaveValue('Shade 1');
    await expect(within(shade).getByRole('textbox', { name: 'Shade name' })).toHaveFocus();
    await expect(within(shade).getByRole('textbox', { name: 'Colour (hex)' })).toHaveValue('#000000');
    await expect(within(shade).getByRole('textbox', { name: 'Shade stock' })).toHaveValue('0');
  },
};

/**
 * Two shades: the picker and the hex stay in step, a rename shows in the shade's title, "Move up" reorders and keeps the
 * focus on the shade moved, "Remove" takes one away; each button is named with its shade.
 */
export const EditAndReorder: Story = {
  args: { initial: [RED, NUDE] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = shadeGroup(canvas, 2);
    const hex = within(second).getByRole('textbox', { name: 'Colour (hex)' });
    await userEvent.clear(hex);
    await userEvent.type(hex, '#c76b5a');
    await expect(within(second).getByLabelText(`Colour picker of ${NUDE.name}`)).toHaveValue('#c76b5a');
    const name = within(second).getByRole('textbox', { name: 'Shade name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Terracotta');
    await expect(canvas.getByRole('heading', { name: 'Shade 2: Terracotta' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Move up Terracotta' }));
    await expect(canvas.getByRole('heading', { name: 'Shade 1: Terracotta' })).toBeVisible();
    // At the top, "Move up" is disabled: the focus is on "Move down" of the same shade.
    await expect(canvas.getByRole('button', { name: 'Move down Terracotta' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('heading', { name: 'Shade 2: Terracotta' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Move up Classic Red' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Classic Red' }));
    await expect(canvas.queryByRole('heading', { name: /Classic Red/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Add shade' })).toHaveFocus();
  },
};

/** Shades whose stock sums over a product's 1,000,000: the list's message is announced. */
export const StockOverAll: Story = {
  args: {
    initial: [
      { ...RED, stock: '700000' },
      { ...NUDE, stock: '400000' },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent("A product's shades hold at most 1000000 in all");
  },
};

/** A range of 40 shades, each with its name, colour and stock. */
export const Many: Story = {
  args: { initial: MANY },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('group', { name: /^Shade \d+/ })).toHaveLength(40);
    await expect(canvas.getByText("40 shades, each sold on its own; the product's stock is their sum.")).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add shade' })).toBeEnabled();
  },
};

/** A colour not written as # and six digits from 0-9 and a-f: the rule's message at the hex field. */
export const InvalidHex: Story = {
  args: { initial: [RED, { ...NUDE, hex: '#E8B4A' }] },
  play: async ({ canvasElement }) => {
    const hex = within(shadeGroup(within(canvasElement), 2)).getByRole('textbox', { name: 'Colour (hex)' });
    await expect(hex).toHaveAccessibleDescription('you must enter a colour as # and 6 digits from 0-9 and a-f');
    await expect(hex).toHaveAttribute('aria-invalid', 'true');
  },
};

/** A name another shade of the product has (case and spaces aside): the rule's message at the later one's name. */
export const DuplicateName: Story = {
  args: { initial: [RED, { ...NUDE, name: ' classic red ' }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = (position: number) => within(shadeGroup(canvas, position)).getByRole('textbox', { name: 'Shade name' });
    await expect(name(2)).toHaveAccessibleDescription('This product already has a shade with this name');
    await expect(name(1)).not.toHaveAttribute('aria-invalid');
  },
};
