import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { seeded } from '~/tests/fixtures/catalogue';
import { ADMIN } from '~/tests/fixtures/users';
import { brandName } from '~/src/domain/brands';
import { LOW_SHADE_STOCK, lowShades, shadeSummary } from '~/src/domain/lowShades';
import { formatAdminPrice, formatDiscount, totalPrice } from '~/src/domain/price';
import { matchesSearch } from '~/src/domain/textSearch';
import type { Product } from '~/src/domain/types';
import { Products } from '~/src/state/shop/ShopProvider';
import { Toaster } from '~/src/ui/Toaster';
import AdminProductsPage from './AdminProductsPage';

/** Products whose name no other product has, so a row can be found by it. */
const named = (product: Product) => seeded.filter((p) => p.name === product.name).length === 1;
const firstPage = [...seeded].sort((a, b) => a.id - b.id).slice(0, 5);
const hidden = seeded.find((p) => p.disable && named(p))!;
// The stories share one mock backend: each one that changes products changes its own, off the first page.
const onSale = seeded.filter((p) => !p.disable && named(p) && !firstPage.includes(p));
const discountTargets = onSale.slice(0, 3);
const bulkTargets = onSale.slice(3, 5);
const rowTarget = onSale[5]!;

/** What the storefront's product list says of one product: it shows whether a change reached it. */
function StorefrontProbe({ product }: { product: Product }) {
  const shown = Products.useSelector((s) => {
    if (!s.matches('loaded')) return 'not loaded';
    return s.context.products.some((p) => p.id === product.id && !p.disable) ? 'on sale' : 'hidden';
  });
  return <p>{`Storefront: ${product.name} ${shown}`}</p>;
}

const meta = {
  title: 'Pages/Admin products',
  component: AdminProductsPage,
  parameters: { route: '/admin/products/list', shop: { signedInAs: ADMIN } },
  decorators: [
    (Story) => (
      <>
        <Story />
        <Toaster />
      </>
    ),
  ],
} satisfies Meta<typeof AdminProductsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);
const table = async (canvasElement: HTMLElement) => {
  const found = await within(canvasElement).findByRole('table', { name: 'Products' });
  await within(found).findAllByRole('checkbox', { name: /^Select (?!all)/ });
  return found;
};
const rowOf = (canvasElement: HTMLElement, product: Product) =>
  within(canvasElement)
    .getByRole('checkbox', { name: `Select ${product.name}` })
    .closest('tr')!;
const search = async (canvasElement: HTMLElement, text: string) => {
  const box = within(canvasElement).getByRole('searchbox', { name: 'Search product...' });
  await userEvent.clear(box);
  await userEvent.type(box, text);
};

export const List: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Product list' })).toBeVisible();
    const grid = await table(canvasElement);
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    await expect(headers).toEqual(['', 'Name', 'Brand', 'Price', 'Discount', 'Final Price', 'Stock', 'Shades', 'Status', 'Actions']);
    await expect(canvas.getByRole('searchbox', { name: 'Search product...' })).toHaveAttribute('placeholder', 'Search product...');
    await expect(canvas.getByText(`1–5 of ${seeded.length}`)).toBeVisible();
    const rows = within(grid).getAllByRole('row').slice(1);
    await expect(rows).toHaveLength(5);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      // The low shades' names are read out after the count, on a line of their own in innerText.
      .map((c) => c.innerText.replace('\n', ''));
    const first = firstPage[0]!;
    const shades = shadeSummary(first);
    const lowNames = lowShades(first)
      .map((shade) => `${shade.name} (${shade.stock})`)
      .join(', ');
    await expect(cells.slice(1, 9)).toEqual([
      first.name,
      brandName(first.brand),
      formatAdminPrice(first.price),
      formatDiscount(first.discount),
      formatAdminPrice(first.totalPrice),
      String(first.stock),
      shades.low ? `${shades.count} ${shades.low}: ${lowNames}` : shades.count,
      first.disable ? 'Disabled' : 'Available',
    ]);
    await expect(cells[3]).toMatch(/^\$ \d+\.\d\d$/);
    await expect(cells[4]).toMatch(/^\d+ %$/);
  },
};

/** An Admin sees the disabled products too, marked Disabled. */
export const DisabledProductsListed: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await search(canvasElement, hidden.name);
    await expect(within(rowOf(canvasElement, hidden)).getByText('Disabled')).toBeInTheDocument();
  },
};

const lowStocked = onSale.find((p) => p.shades.some((shade) => shade.stock <= LOW_SHADE_STOCK))!;

/** A product on sale with shades low on stock (5 or fewer): its Shades cell says how many, in words, and names them with their stock (read out, and in a tooltip). */
export const LowShadesFlagged: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await search(canvasElement, lowStocked.name);
    const low = lowShades(lowStocked);
    const flag = within(rowOf(canvasElement, lowStocked)).getByText(`${low.length} low`);
    await expect(flag).toBeVisible();
    const names = low.map((shade) => `${shade.name} (${shade.stock})`).join(', ');
    await expect(flag).toHaveAttribute('title', `Low on stock: ${names}`);
    await expect(flag.parentElement).toHaveTextContent(`${lowStocked.shades.length} ${low.length} low: ${names}`);
  },
};

/** The search looks at the names only, as a paged table's server search (GET /products/admin's name) does: a brand no product is named with finds none. */
export const SearchesNames: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    const { brand } = firstPage[0]!;
    await expect(
      seeded.filter((p) => matchesSearch(p.name, brand)),
      `products named with ${brand}`,
    ).toEqual([]);
    await search(canvasElement, brand);
    await expect(await within(canvasElement).findByText('Product not found')).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('/api/products', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', { name: 'Loading products' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: [http.get('/api/products', () => HttpResponse.json([]))] },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No products found')).toBeVisible();
  },
};

export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    await table(canvasElement);
    await search(canvasElement, 'zzz no such product');
    await expect(within(canvasElement).getByText('Product not found')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: {
    msw: [http.get('/api/products', () => HttpResponse.json({ error: { message: 'Unavailable' } }, { status: 503 }), { once: true })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await table(canvasElement);
  },
};

export const SelectionToolbar: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${firstPage[0]!.name}` }));
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${firstPage[1]!.name}` }));
    const toolbar = canvas.getByRole('group', { name: 'Selected rows' });
    await expect(toolbar).toHaveTextContent('2 selected');
    await expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Add Discount', 'Disable', 'Enable']);
  },
};

export const DiscountDialogValid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    const chosen = discountTargets;
    await search(canvasElement, chosen[0]!.name);
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${chosen[0]!.name}` }));
    for (const product of chosen.slice(1)) {
      await search(canvasElement, product.name);
      await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${product.name}` }));
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Add Discount' }));
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Add Discount' }));
    const input = dialog.getByRole('textbox', { name: 'Discount (%)' });
    await expect(input).toHaveFocus();
    await expect(dialog.getByRole('button', { name: 'Apply discount' })).toBeDisabled();
    // e, minus, plus and period do nothing; leading zeros go.
    await userEvent.type(input, 'e-+.015');
    await expect(input).toHaveValue('15');
    await expect(dialog.queryByText('Write a number between 0 - 100')).toBeNull();
    await userEvent.click(dialog.getByRole('button', { name: 'Apply discount' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull());
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Products' })).toHaveFocus());
    for (const product of chosen) {
      await search(canvasElement, product.name);
      const cells = within(rowOf(canvasElement, product))
        .getAllByRole('cell')
        .map((c) => c.innerText);
      await expect(cells[4]).toBe('15 %');
      await expect(cells[5]).toBe(formatAdminPrice(totalPrice(product.price, 15)));
    }
  },
};

export const DiscountDialogOutOfRange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${firstPage[0]!.name}` }));
    await userEvent.click(canvas.getByRole('button', { name: 'Add Discount' }));
    const dialog = within(await page(canvasElement).findByRole('dialog', { name: 'Add Discount' }));
    const input = dialog.getByRole('textbox', { name: 'Discount (%)' });
    await userEvent.type(input, '1234');
    await expect(input).toHaveValue('123');
    await expect(dialog.getByText('Write a number between 0 - 100')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Write a number between 0 - 100');
    await expect(dialog.getByRole('button', { name: 'Apply discount' })).toBeDisabled();
    await userEvent.clear(input);
    await expect(dialog.getByText('Write a number between 0 - 100')).toBeVisible();
    await userEvent.type(input, '100');
    await expect(dialog.queryByText('Write a number between 0 - 100')).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Apply discount' })).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page(canvasElement).queryByRole('dialog')).toBeNull());
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('1 selected');
    // Closed, the dialog gives the focus back to the button that opened it.
    await expect(canvas.getByRole('button', { name: 'Add Discount' })).toHaveFocus();
  },
};

export const RowMenuOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    const product = firstPage[0]!;
    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${product.name}` }));
    const menu = within(await page(canvasElement).findByRole('menu'));
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'View Product',
      'Edit',
      product.disable ? 'Make available' : 'Disable',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'View Product' })).toHaveAttribute('href', `/detail/${product.id}`);
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', `/admin/products/edit/${product.id}`);
    await userEvent.keyboard('{Escape}');
    // A disabled product offers 'Make available'.
    await search(canvasElement, hidden.name);
    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${hidden.name}` }));
    await expect(await page(canvasElement).findByRole('menuitem', { name: 'Make available' })).toBeVisible();
  },
};

/** Disable from the row menu and make available again: the table and the storefront's list follow. */
export const DisableAndMakeAvailable: Story = {
  render: () => (
    <>
      <AdminProductsPage />
      <StorefrontProbe product={rowTarget} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const product = rowTarget;
    await table(canvasElement);
    await search(canvasElement, product.name);
    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${product.name}` }));
    await userEvent.click(await page(canvasElement).findByRole('menuitem', { name: 'Disable' }));
    await waitFor(() => expect(within(rowOf(canvasElement, product)).getByText('Disabled')).toBeInTheDocument());
    await expect(await canvas.findByText(`Storefront: ${product.name} hidden`)).toBeInTheDocument();

    await userEvent.click(canvas.getByRole('button', { name: `Actions for ${product.name}` }));
    await userEvent.click(await page(canvasElement).findByRole('menuitem', { name: 'Make available' }));
    await waitFor(() => expect(within(rowOf(canvasElement, product)).getByText('Available')).toBeInTheDocument());
    await expect(await canvas.findByText(`Storefront: ${product.name} on sale`)).toBeInTheDocument();
  },
};

export const BulkDisableAndEnable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    const [a, b] = bulkTargets as [Product, Product];
    const select = async (product: Product) => {
      await search(canvasElement, product.name);
      await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${product.name}` }));
    };
    const statusOf = async (product: Product) => {
      await search(canvasElement, product.name);
      return within(rowOf(canvasElement, product)).getAllByRole('cell')[8]!.innerText;
    };
    await select(a);
    await select(b);
    await userEvent.click(canvas.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull());
    // The toolbar went with the focus in it: the focus is on the table, not lost.
    await waitFor(() => expect(canvas.getByRole('region', { name: 'Products' })).toHaveFocus());
    await expect(await statusOf(a)).toBe('Disabled');
    await expect(await statusOf(b)).toBe('Disabled');

    await select(b);
    await userEvent.click(canvas.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull());
    await expect(await statusOf(b)).toBe('Available');
    await expect(await statusOf(a)).toBe('Disabled');

    await select(a);
    await userEvent.click(canvas.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull());
    await expect(await statusOf(a)).toBe('Available');
  },
};

/** A change the server does not take is said; the selection stays for another try and the table shows the server's list. */
export const ChangeFails: Story = {
  parameters: {
    msw: [http.patch('/api/products/bulk', () => new HttpResponse(null, { status: 503 }))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await table(canvasElement);
    const product = firstPage[0]!;
    const status = within(rowOf(canvasElement, product)).getAllByRole('cell')[8]!.innerText;
    await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${product.name}` }));
    await userEvent.click(canvas.getByRole('button', { name: 'Disable' }));
    const toast = await page(canvasElement).findByText('The products could not be changed.');
    await waitFor(() => expect(toast).toBeVisible());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Disable' })).toBeEnabled());
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('1 selected');
    await expect(within(rowOf(canvasElement, product)).getAllByRole('cell')[8]).toHaveTextContent(status!);
  },
};
