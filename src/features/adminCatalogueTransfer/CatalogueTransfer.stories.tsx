import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ADMIN } from '~/tests/fixtures/users';
import { CatalogueTransfer } from './CatalogueTransfer';

const HEADER = 'name,price,brand,category,stock,description,image,discount';
const good = (tag: string) => [
  `${tag} Glow Primer,18.5,nyx,foundation,7,"A light primer, for every day.",/images/products/1.webp,0`,
  `${tag} Brow Pencil,9.99,dior,eyebrow,3,"Soft ""waxy"" pencil\nwith a brush.",/images/products/2.webp,10`,
];
const bad = (tag: string) => `${tag} Lip Gloss,free,fenty,lipstick,4,A glossy finish.,/images/products/3.webp,0`;

/**
 * A catalogue file: two good rows around one whose price breaks the form's
 * rule (row 3). The in-memory backend outlives a story, so each run of a
 * story names its products with a tag of its own (see `tagFor`).
 */
const file = (tag: string, rows = [good(tag)[0]!, bad(tag), good(tag)[1]!]) =>
  new File([[HEADER, ...rows].join('\r\n')], 'spring.csv', { type: 'text/csv' });

const tagFor = (story: string) => `${story} ${Date.now().toString(36)}`;

/** The enabled products whose name holds the tag, as a shopper's list shows them. */
const namesWith = async (tag: string) =>
  ((await (await fetch(`/api/products?name=${encodeURIComponent(tag)}`)).json()) as { name: string }[]).map((p) => p.name).sort();

const unavailable = () => HttpResponse.json({ error: { code: 'unavailable', message: 'The API cannot serve now.' } }, { status: 503 });

const meta = {
  title: 'Admin/Catalogue transfer',
  component: CatalogueTransfer,
  parameters: { layout: 'padded', route: '/admin/products/list', shop: { signedInAs: ADMIN } },
} satisfies Meta<typeof CatalogueTransfer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Chooses the file and waits for its preview. */
async function choose(canvasElement: HTMLElement, chosen: File) {
  await userEvent.upload(within(canvasElement).getByLabelText('Import products (CSV)'), chosen);
  return within(await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Import products (CSV)' }));
}

export const Preview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Export products (CSV)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export orders (CSV)' })).toBeVisible();
    await expect(canvas.getByLabelText('Import products (CSV)')).toHaveAttribute('accept', '.csv,text/csv');
    const tag = tagFor('Preview');
    const dialog = await choose(canvasElement, file(tag));
    await expect(dialog.getByText('spring.csv')).toBeVisible();
    await expect(dialog.getByText('2 products ready to import.')).toBeVisible();
    const problems = dialog.getByRole('table', { name: '1 row with problems, left out' });
    await expect(
      within(problems).getByRole('row', { name: '3 price This value cannot be less than 0 and a maximum of 20 digits free' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 2 products' })).toBeEnabled();
    // Cancel writes nothing and gives the file input back.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
    await expect(canvas.getByLabelText('Import products (CSV)')).toBeEnabled();
    await expect(await namesWith(tag)).toEqual([]);
  },
};

export const NothingToImport: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await choose(canvasElement, file('Nothing', [bad('Nothing')]));
    await expect(dialog.getByText('No row can be imported.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 0 products' })).toBeDisabled();
  },
};

export const UnreadableFile: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await choose(canvasElement, new File(['name,brand\nGlow,nyx'], 'short.csv', { type: 'text/csv' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(
      'The header row lacks the columns price, category, stock, description, image.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
  },
};

export const Importing: Story = {
  parameters: { msw: [http.post('/api/products/import', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    const dialog = await choose(canvasElement, file('Importing'));
    await userEvent.click(dialog.getByRole('button', { name: 'Import 2 products' }));
    await expect(await dialog.findByRole('status', { name: 'Importing 2 products' })).toBeVisible();
    await expect(dialog.queryByRole('button', { name: /Import/ })).toBeNull();
    // Escape does not leave an import under way.
    await userEvent.keyboard('{Escape}');
    await expect(dialog.getByRole('status', { name: 'Importing 2 products' })).toBeVisible();
  },
};

/** Confirmed on the in-memory backend: only the two good rows are created. */
export const Done: Story = {
  play: async ({ canvasElement }) => {
    const tag = tagFor('Done');
    const dialog = await choose(canvasElement, file(tag));
    await userEvent.click(dialog.getByRole('button', { name: 'Import 2 products' }));
    await expect(await dialog.findByText('2 products were added to the catalogue.')).toHaveRole('status');
    await expect(await namesWith(tag)).toEqual([`${tag} Brow Pencil`, `${tag} Glow Primer`]);
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull());
  },
};

/**
 * A description whose only text is a script is left out by the form's rule,
 * which is the server's (validDescription). A price over the contract's
 * 1,000,000, which the form's rule lets through, goes to the in-memory
 * backend, which refuses it at its row as the server does, and nothing is written.
 */
/** The browser checks each row by the server's own rules, so the server's refusal of a row (the second product sent, row 4) is answered here. */
const refusedSecondPrice = () =>
  HttpResponse.json(
    { error: { code: 'bad_request', message: 'This value cannot be more than 1000000', field: 'products.1.price' } },
    { status: 400 },
  );

export const RefusedByTheServer: Story = {
  parameters: { msw: [http.post('/api/products/import', refusedSecondPrice, { once: true })] },
  play: async ({ canvasElement }) => {
    const tag = tagFor('Refused');
    const rows = [good(tag)[0]!, `${tag} Script Blush,12,nyx,blush,5,<script>alert(1)</script>,/images/products/4.webp,0`, good(tag)[1]!];
    const dialog = await choose(canvasElement, file(tag, rows));
    await expect(dialog.getByText('2 products ready to import.')).toBeVisible();
    const problems = dialog.getByRole('table', { name: '1 row with problems, left out' });
    await expect(within(problems).getByRole('row', { name: /^3 description This field is required/ })).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Import 2 products' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The server refused the import at row 4, price: This value cannot be more than 1000000 Nothing was imported.',
    );
    await expect(await namesWith(tag)).toEqual([]);
  },
};

export const FailedThenRetry: Story = {
  parameters: { msw: [http.post('/api/products/import', unavailable, { once: true })] },
  play: async ({ canvasElement }) => {
    const tag = tagFor('Failed');
    const dialog = await choose(canvasElement, file(tag));
    await userEvent.click(dialog.getByRole('button', { name: 'Import 2 products' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('The import could not be confirmed. Retry: no row is imported twice.');
    await expect(await namesWith(tag)).toEqual([]);
    await userEvent.click(dialog.getByRole('button', { name: 'Retry' }));
    await expect(await dialog.findByText('2 products were added to the catalogue.')).toHaveRole('status');
    await expect(await namesWith(tag)).toEqual([`${tag} Brow Pencil`, `${tag} Glow Primer`]);
  },
};

export const ExportFailed: Story = {
  parameters: { msw: [http.get('/api/orders', unavailable, { once: true }), http.get('/api/orders', () => HttpResponse.json([]))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Export orders (CSV)' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The orders could not be exported.');
    await userEvent.click(within(canvas.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};
