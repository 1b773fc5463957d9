import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ColourSelect } from './ColourSelect';

const FACETS = [
  { value: 'nude', count: 14 },
  { value: 'red', count: 9 },
  { value: 'plum', count: 0 },
  { value: 'black', count: 5 },
  { value: 'fair', count: 4 },
  { value: 'deep', count: 3 },
  { value: 'warm', count: 6 },
  { value: 'olive', count: 2 },
];

const meta = {
  title: 'Catalogue/ColourSelect',
  component: ColourSelect,
  args: { value: 'all', facets: FACETS, onChange: fn() },
  decorators: [(Story) => <div style={{ padding: 16, maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof ColourSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each family some product has, with how many, in its group; a family none has is left out. */
export const WithCounts: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Colour' });
    await expect(select).toHaveValue('all');
    const options = within(select).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual([
      'All colours',
      'nude (14)',
      'red (9)',
      'black (5)',
      'fair (4)',
      'deep (3)',
      'warm (6)',
      'olive (2)',
    ]);
    await expect(
      within(select)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Colours', 'Skin tones', 'Undertones']);
    await userEvent.selectOptions(select, 'red');
    await expect(args.onChange).toHaveBeenCalledWith('red');
  },
};

/** The chosen family stays listed, though the other filters leave none of it. */
export const Chosen: Story = {
  args: { value: 'plum' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Colour' });
    await expect(select).toHaveValue('plum');
    await expect(within(select).getByRole('option', { name: 'plum (0)', selected: true })).toBeInTheDocument();
  },
};
