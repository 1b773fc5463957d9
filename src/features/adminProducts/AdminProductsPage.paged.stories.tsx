import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { pagedBackend } from '~/tests/fixtures/pagedBackend';
import { ADMIN } from '~/tests/fixtures/users';
import { CATALOGUE_PAGING_THRESHOLD } from '~/src/domain/constants';
import AdminProductsPage from './AdminProductsPage';

type PageQuery = Parameters<typeof pagedBackend.store.productPage>[0];

/** The backend's own page of every product (5 a page, by id unless sorted), for what the table should show. */
const serverPage = (page: number, query: Partial<PageQuery> = {}) =>
  pagedBackend.store.productPage({ order: 'asc', offset: (page - 1) * 5, limit: 5, ...query });

/** Every read the table makes before the backend answers it: GET /products/admin's queries, and whether the whole list was asked for. */
const pagesAsked: URLSearchParams[] = [];
let wholeListAsked = false;
const recorder = [
  http.get('/api/products/admin', ({ request }) => void pagesAsked.push(new URL(request.url).searchParams)),
  http.get('/api/products', ({ request }) => {
    if (!new URL(request.url).searchParams.has('page')) wholeListAsked = true;
  }),
];
const handlers = (...before: ReturnType<typeof http.get>[]) => [...recorder, ...before, ...pagedBackend.handlers];

const meta = {
  title: 'Pages/Admin products (paged)',
  component: AdminProductsPage,
  parameters: { route: '/admin/products/list', shop: { signedInAs: ADMIN }, msw: handlers() },
  beforeEach: () => {
    pagesAsked.length = 0;
    wholeListAsked = false;
  },
} satisfies Meta<typeof AdminProductsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

const names = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('table', { name: 'Products' }))
    .queryAllByRole('checkbox', { name: /^Select (?!all)/ })
    .map((box) => box.getAttribute('aria-label')!.replace(/^Select /, ''));
const showsRows = (canvasElement: HTMLElement, rows: { name: string }[]) =>
  waitFor(() => expect(names(canvasElement)).toEqual(rows.map((p) => p.name)), { timeout: 5000 });

/** Past the threshold the table reads one page of 5 at a time, the total from the server; never the whole list. */
export const FirstPages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = await serverPage(1);
    await expect(first.total).toBeGreaterThan(CATALOGUE_PAGING_THRESHOLD);
    await showsRows(canvasElement, first.rows);
    await expect(canvas.getByText(`1–5 of ${first.total}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await showsRows(canvasElement, (await serverPage(2)).rows);
    await expect(canvas.getByText(`6–10 of ${first.total}`)).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(canvas.getByText(`1–25 of ${first.total}`)).toBeVisible());
    // The range shows the size asked for at once; the request is recorded as it leaves.
    await waitFor(() => expect(pagesAsked.map((query) => query.toString())).toEqual(['', 'page=2', 'pageSize=25']));
    await expect(wholeListAsked).toBe(false);
  },
};

/** The search is the server's (once typing pauses), disabled products found too; a header sorts on the server, then the other way. */
export const SearchAndSort: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const hidden = (await pagedBackend.store.listProducts()).find((p) => p.disable)!;
    const term = hidden.name.split(' ')[0]!;
    await showsRows(canvasElement, (await serverPage(1)).rows);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search product...' }), term);
    const found = await serverPage(1, { name: term });
    await showsRows(canvasElement, found.rows);
    await expect(canvas.getByText(`1–${Math.min(5, found.total)} of ${found.total}`)).toBeVisible();
    await expect(pagesAsked.filter((query) => query.has('name')).map((query) => query.get('name'))).toEqual([term]);
    await userEvent.click(canvas.getByRole('button', { name: 'Price' }));
    await showsRows(canvasElement, (await serverPage(1, { name: term, sort: 'price' })).rows);
    await userEvent.click(canvas.getByRole('button', { name: 'Price' }));
    await showsRows(canvasElement, (await serverPage(1, { name: term, sort: 'price', order: 'desc' })).rows);
    await expect(canvas.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.clear(canvas.getByRole('searchbox', { name: 'Search product...' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search product...' }), 'zzz no such product');
    await expect(await canvas.findByText('Product not found', {}, { timeout: 5000 })).toBeVisible();
    await expect(wholeListAsked).toBe(false);
  },
};

/** The first read (which tells the table is paged) held until the story lets it go. */
let releaseFirstRead = () => {};
const firstReadHeld = http.get('/api/products/admin', async () => {
  if (pagesAsked.length > 1) return undefined;
  await new Promise<void>((resolve) => {
    releaseFirstRead = resolve;
  });
  return undefined;
});

/** Letters typed while the first read finds out the table is paged are not lost: once it is, they are the page's search. */
export const SearchTypedDuringFirstRead: Story = {
  parameters: { msw: handlers(firstReadHeld) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const term = (await pagedBackend.store.listProducts()).find((p) => p.disable)!.name.split(' ')[0]!;
    await expect(await canvas.findByRole('status', { name: 'Loading products' })).toBeVisible();
    const box = canvas.getByRole('searchbox', { name: 'Search product...' });
    await userEvent.type(box, term);
    releaseFirstRead();
    const found = await serverPage(1, { name: term });
    await showsRows(canvasElement, found.rows);
    await expect(box).toHaveValue(term);
    await expect(canvas.getByText(`1–${Math.min(5, found.total)} of ${found.total}`)).toBeVisible();
    await expect(pagesAsked.map((query) => query.get('name'))).toEqual([null, term]);
    await expect(wholeListAsked).toBe(false);
  },
};

/** The toolbar acts on the rows shown: two selected on page 2 disabled in one call, then page 2 read again. */
export const DisableOnPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await showsRows(canvasElement, (await serverPage(1)).rows);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    const second = (await serverPage(2)).rows.filter((p) => !p.disable).slice(0, 2);
    await waitFor(() => expect(names(canvasElement)).toContain(second[1]!.name), { timeout: 5000 });
    for (const product of second) await userEvent.click(canvas.getByRole('checkbox', { name: `Select ${product.name}` }));
    await expect(canvas.getByRole('group', { name: 'Selected rows' })).toHaveTextContent('2 selected');
    await userEvent.click(canvas.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Selected rows' })).toBeNull());
    for (const product of second) {
      await waitFor(() =>
        expect(
          within(canvas.getByRole('checkbox', { name: `Select ${product.name}` }).closest('tr')!).getByText('Disabled'),
        ).toBeInTheDocument(),
      );
      await expect((await pagedBackend.store.getProduct(product.id))!.disable).toBe(true);
    }
    // The rows can show the change before page 2's read again is seen by the mock.
    await waitFor(() => expect(pagesAsked.map((query) => query.get('page'))).toEqual([null, '2', '2']));
    await expect(canvas.getByText(/^6–10 of/)).toBeVisible();
    await pagedBackend.store.transaction(async (tx) => {
      for (const product of second) await tx.updateProduct(product.id, { disable: false });
    });
  },
};

/** 'Loading products' while a page is read. */
export const PageLoading: Story = {
  parameters: {
    msw: handlers(
      http.get('/api/products/admin', ({ request }) => (new URL(request.url).searchParams.has('page') ? delay('infinite') : undefined)),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await showsRows(canvasElement, (await serverPage(1)).rows);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByRole('status', { name: 'Loading products' })).toBeVisible();
  },
};

let pageFailed = false;
/** A page that cannot be read (a 503): the failure with Retry, which reads it. */
export const PageFailed: Story = {
  parameters: {
    msw: handlers(
      http.get('/api/products/admin', ({ request }) => {
        if (pageFailed || !new URL(request.url).searchParams.has('page')) return undefined;
        pageFailed = true;
        return HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 });
      }),
    ),
  },
  beforeEach: () => {
    pageFailed = false;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await showsRows(canvasElement, (await serverPage(1)).rows);
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await showsRows(canvasElement, (await serverPage(2)).rows);
  },
};
