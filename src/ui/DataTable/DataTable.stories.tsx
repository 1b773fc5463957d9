import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactElement } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { columnsFor } from './columns';
import { DataTable, type DataTableProps, type DataTableSort } from './DataTable';

interface Shade {
  id: number;
  name: string;
  family: string;
  stock: number;
}

const FAMILIES = ['nude', 'berry', 'coral', 'plum'];
const SHADES: Shade[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Shade ${String.fromCharCode(76 - i)}${i + 1}`,
  family: FAMILIES[i % FAMILIES.length]!,
  stock: (i * 7) % 13,
}));

const column = columnsFor<Shade>();
const COLUMNS = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('family', { header: 'Family' }),
  column.accessor('stock', { header: 'Stock', meta: { numeric: true } }),
  column.display({ id: 'note', header: 'Note', cell: ({ row }) => (row.original.stock === 0 ? 'Sold out' : '') }),
];

const onSelected = fn();

const meta = {
  title: 'UI/Data table',
  component: DataTable<Shade>,
  parameters: { layout: 'padded' },
  args: {
    label: 'Shades',
    columns: COLUMNS,
    data: SHADES,
    getRowId: (shade: Shade) => String(shade.id),
    rowLabel: (shade: Shade) => shade.name,
    searchPlaceholder: 'Search shade...',
    searchText: (shade: Shade) => `${shade.name} ${shade.family}`,
    texts: { empty: 'No shades found', noMatch: 'Shade not found', loading: 'Loading shades', failed: 'The shades could not be loaded.' },
    onRetry: fn(),
    toolbar: (selected: Shade[]) => (
      <Button variant="secondary" onClick={() => onSelected(selected.map((s) => s.id))}>
        Archive
      </Button>
    ),
  },
} satisfies Meta<typeof DataTable<Shade>>;
export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
/** What the Name cells show, row by row (a table's header names them). */
const names = (table: HTMLElement) => bodyRows(table).map((row) => within(row).getAllByRole('cell')[1]!.innerText);

export const Sorts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Shades' });
    const header = canvas.getByRole('columnheader', { name: 'Name' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(canvas.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');
    await expect(within(canvas.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    await userEvent.click(within(header).getByRole('button', { name: 'Name' }));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(names(table)).toEqual(['Shade A12', 'Shade B11', 'Shade C10', 'Shade D9', 'Shade E8']);

    // From the keyboard: the header is a button.
    within(header).getByRole('button').focus();
    await userEvent.keyboard('{Enter}');
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(names(table)).toEqual(['Shade L1', 'Shade K2', 'Shade J3', 'Shade I4', 'Shade H5']);

    const stock = canvas.getByRole('columnheader', { name: 'Stock' });
    await userEvent.click(within(stock).getByRole('button'));
    await expect(stock).toHaveAttribute('aria-sort', 'ascending');
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await expect(bodyRows(table).map((row) => Number(within(row).getAllByRole('cell')[3]!.innerText))).toEqual([0, 1, 2, 3, 4]);
  },
};

export const Pages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Shades' });
    const box = canvas.getByRole('region', { name: 'Shades' });
    await expect(bodyRows(table)).toHaveLength(5);
    await expect(canvas.getByText('1–5 of 12')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('5');
    await expect(
      within(canvas.getByRole('combobox', { name: 'Rows per page' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25']);
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    const fullHeight = box.getBoundingClientRect().height;

    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(names(table)[0]).toBe('Shade G6');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('11–12 of 12')).toBeVisible();
    await expect(names(table)).toEqual(['Shade B11', 'Shade A12']);
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeDisabled();
    // The short last page keeps the table's height, so the pager does not jump.
    await expect(box.getBoundingClientRect().height).toBe(fullHeight);

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rows per page' }), '10');
    await expect(canvas.getByText('11–12 of 12')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
    await expect(bodyRows(table)).toHaveLength(10);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Rows per page' }), '25');
    await expect(bodyRows(table)).toHaveLength(12);
    await expect(canvas.getByText('1–12 of 12')).toBeVisible();
  },
};

export const SelectsAll: Story = {
  play: async ({ canvasElement }) => {
    onSelected.mockClear();
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull();
    const all = canvas.getByRole('checkbox', { name: 'Select all' });
    await userEvent.click(all);
    await expect(all).toBeChecked();
    const toolbar = canvas.getByRole('group', { name: 'Selected rows' });
    await expect(toolbar).toHaveTextContent('12 selected');

    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Shade L1' }));
    await expect(canvas.getByRole('checkbox', { name: 'Select Shade L1' })).not.toBeChecked();
    await expect(all).not.toBeChecked();
    await expect(all).toHaveProperty('indeterminate', true);
    await expect(toolbar).toHaveTextContent('11 selected');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Archive' }));
    await expect(onSelected).toHaveBeenCalledWith([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

    await userEvent.click(all);
    await expect(all).toBeChecked();
    await userEvent.click(all);
    await expect(all).not.toBeChecked();
    await expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull();
  },
};

export const SearchesWithNoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Shades' });
    const search = canvas.getByRole('searchbox', { name: 'Search shade...' });
    await expect(search).toHaveAttribute('placeholder', 'Search shade...');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));

    await userEvent.type(search, 'BERRY');
    await expect(names(table)).toEqual(['Shade K2', 'Shade G6', 'Shade C10']);
    await expect(canvas.getByText('1–3 of 3')).toBeVisible();

    await userEvent.clear(search);
    await userEvent.type(search, 'glitter');
    await expect(canvas.getByText('Shade not found')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
    await expect(canvas.getByText('0–0 of 0')).toBeVisible();

    await userEvent.clear(search);
    await expect(bodyRows(table)).toHaveLength(5);
  },
};

/** The selection searched away stays selected, and select-all takes only what the search shows. */
export const SelectsWhatTheSearchShows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search shade...' }), 'plum');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all' }));
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('3 selected');
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search shade...' }));
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('3 selected');
    await expect(canvas.getByRole('checkbox', { name: 'Select Shade I4' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Select Shade L1' })).not.toBeChecked();
  },
};

/** The selection owned outside the table (as a machine would): an action that clears it leaves the focus on the table. */
export const ControlledSelection: Story = {
  render: function Controlled(args) {
    const [ids, setIds] = useState<string[]>(['3']);
    return (
      <DataTable
        {...args}
        selectedIds={ids}
        onSelectedIdsChange={setIds}
        toolbar={(selected) => (
          <Button variant="secondary" onClick={() => setIds([])}>
            Archive {selected.length}
          </Button>
        )}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('checkbox', { name: 'Select Shade J3' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select Shade L1' }));
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('2 selected');
    await userEvent.click(canvas.getByRole('button', { name: 'Archive 2' }));
    await expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: 'Select Shade J3' })).not.toBeChecked();
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Shades' })).toHaveFocus());
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No shades found')).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Select all' })).toBeDisabled();
  },
};

export const Loading: Story = {
  args: { data: [], status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading shades' })).toBeVisible();
    await expect(canvas.queryByText('No shades found')).toBeNull();
  },
};

export const Failed: Story = {
  args: { data: [], status: 'failed' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('The shades could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The table in a box this many pixels wide. */
const atWidth = (width: number) =>
  function AtWidth(Story: () => ReactElement) {
    return (
      <div style={{ width: `${width}px` }}>
        <Story />
      </div>
    );
  };

/** On a phone each row is a card: nothing scrolls sideways, and every cell lies inside the table's box. */
export const Narrow: Story = {
  decorators: [atWidth(320)],
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('region', { name: 'Shades' });
    const { left, right } = box.getBoundingClientRect();
    await expect(right - left).toBeLessThanOrEqual(320);
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
    const cells = within(box).getAllByRole('cell');
    await expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      const place = cell.getBoundingClientRect();
      await expect([place.left >= left, place.right <= right]).toEqual([true, true]);
    }
    await expect(within(box).getByRole('columnheader', { name: 'Name' })).toBeVisible();
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
  },
};

/** On a card each value is said with its column's name (a screen reader reads a card line by line, not by its headers); the rows stay rows. */
export const CardsNameEachValue: Story = {
  decorators: [atWidth(320)],
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Shades' });
    await expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['', 'Name', 'Family', 'Stock', 'Note']);
    for (const [index, row] of bodyRows(table).entries()) {
      const shade = SHADES[index]!;
      const cells = within(row).getAllByRole('cell');
      await expect(within(cells[0]!).getByRole('checkbox')).toHaveAccessibleName(`Select ${shade.name}`);
      await expect(cells.slice(1).map((cell) => within(cell).queryByText(/^(Name|Family|Stock|Note)$/)?.textContent)).toEqual([
        'Name',
        'Family',
        'Stock',
        'Note',
      ]);
      await expect(cells[1]).toHaveAccessibleName(`Name ${shade.name}`);
      await expect(cells[2]).toHaveAccessibleName(`Family ${shade.family}`);
      await expect(cells[3]).toHaveAccessibleName(`Stock ${shade.stock}`);
      await expect(within(row).getByText('Family')).toBeVisible();
    }
  },
};

/** As a table the headers name the values, so a cell says its value alone. */
export const WideCellsSayTheirValue: Story = {
  decorators: [atWidth(900)],
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Shades' });
    const cells = within(bodyRows(table)[0]!).getAllByRole('cell');
    await expect(cells.slice(1).map((cell) => cell.getBoundingClientRect().top)).toEqual(
      cells.slice(1).map(() => cells[1]!.getBoundingClientRect().top),
    );
    await expect(cells[1]).toHaveAccessibleName(SHADES[0]!.name);
    await expect(cells[2]).toHaveAccessibleName(SHADES[0]!.family);
    await expect(within(cells[2]!).getByText('Family')).not.toBeVisible();
  },
};

const pagerOf = (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  return {
    previous: canvas.getByRole('button', { name: 'Previous page' }),
    next: canvas.getByRole('button', { name: 'Next page' }),
    pageSize: canvas.getByRole('combobox', { name: 'Rows per page' }),
    range: canvas.getByText(/^\d+–\d+ of \d+$/),
  };
};

/** From the keyboard, through every page and back: a page button the first or last page disables hands the focus to the other; the range is said as it changes. */
async function keepsFocusInPager(canvasElement: HTMLElement) {
  const { previous, next, range } = pagerOf(canvasElement);
  await expect(range).toHaveAttribute('aria-live', 'polite');
  await expect(range).toHaveAttribute('aria-atomic', 'true');
  next.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(range).toHaveTextContent('6–10 of 12'));
  await expect(next).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(range).toHaveTextContent('11–12 of 12'));
  await expect(next).toBeDisabled();
  await expect(previous).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(range).toHaveTextContent('6–10 of 12'));
  await expect(previous).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(range).toHaveTextContent('1–5 of 12'));
  await expect(previous).toBeDisabled();
  await expect(next).toHaveFocus();
}

export const PagerKeepsFocus: Story = {
  play: ({ canvasElement }) => keepsFocusInPager(canvasElement),
};

/** The shades paged by a server (the story's state, one page of rows at a time), from `page`; once a page is asked, `left` rows remain (the others deleted meanwhile). */
function ServerPagedShades({ args, page = 1, left = SHADES.length }: { args: DataTableProps<Shade>; page?: number; left?: number }) {
  const [view, setView] = useState<{ page: number; pageSize: number; sort: DataTableSort | null; total: number }>({
    page,
    pageSize: 5,
    sort: null,
    total: SHADES.length,
  });
  const [search, setSearch] = useState('');
  const rows = SHADES.slice(0, view.total).slice((view.page - 1) * view.pageSize, view.page * view.pageSize);
  return (
    <DataTable
      {...args}
      data={rows}
      search={search}
      onSearchChange={setSearch}
      serverPaging={{ ...view, onShow: (asked) => setView({ ...asked, total: left }) }}
    />
  );
}

export const ServerPagerKeepsFocus: Story = {
  render: (args) => <ServerPagedShades args={args} />,
  play: ({ canvasElement }) => keepsFocusInPager(canvasElement),
};

/** Rows deleted meanwhile leave one page: both page buttons are disabled, and the focus, on the one pressed, goes to the page size. */
export const OnePageLeftKeepsFocus: Story = {
  render: (args) => <ServerPagedShades args={args} page={2} left={5} />,
  play: async ({ canvasElement }) => {
    const { previous, next, pageSize, range } = pagerOf(canvasElement);
    await expect(range).toHaveTextContent('6–10 of 12');
    previous.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(range).toHaveTextContent('1–5 of 5'));
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();
    await expect(pageSize).toHaveFocus();
  },
};
