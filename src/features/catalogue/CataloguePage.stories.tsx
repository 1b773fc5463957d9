import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { hasFamily } from '~/src/domain/colourFamily';
import { onSale } from '~/tests/fixtures/catalogue';
import CataloguePage from './CataloguePage';

const meta = { title: 'Pages/Catalogue', component: CataloguePage, parameters: { route: '/catalogue' } } satisfies Meta<
  typeof CataloguePage
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`${onSale.length} products`)).toBeVisible();
    await expect(within(canvas.getByRole('list', { name: 'Products' })).getAllByRole('article')).toHaveLength(16);
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText(/Page 2 of/)).toBeVisible();
  },
};

export const FiltersOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`${onSale.length} products`);
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.click(canvas.getByLabelText('Offers only'));
    await expect(canvas.getByText(`${onSale.filter((p) => p.discount >= 1).length} products`)).toBeVisible();
  },
};

export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(`${onSale.length} products`);
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.type(canvas.getByLabelText('Min price'), '99999{Enter}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Sorry! No matches found, please try another combination');
  },
};

export const Loading: Story = {
  parameters: { msw: [http.get('/api/products', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading products' })).toBeVisible();
  },
};

const NO_MATCH = 'Sorry! No matches found, please try another combination';
const category = onSale[0]!.category;
const inCategory = onSale.filter((p) => p.category === category);
const products = (count: number) => `${count} ${count === 1 ? 'product' : 'products'}`;

/** /listproducts/{category}: Reset clears brand and offers but stays on the page's category. */
export const CategoryReset: Story = {
  parameters: { route: `/listproducts/${category}` },
  render: () => (
    <Routes>
      <Route path="listproducts/:category" element={<CataloguePage />} />
    </Routes>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(products(inCategory.length));
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.click(canvas.getByLabelText('Offers only'));
    await expect(canvas.getByText(products(inCategory.filter((p) => p.discount >= 1).length))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset filters' }));
    await expect(canvas.getByText(products(inCategory.length))).toBeVisible();
    await expect(canvas.getByRole('heading', { name: category })).toBeVisible();
  },
};

/** A shared URL whose filter matches nothing: the no-match text, and the filters reset. */
export const SharedUrlNoMatch: Story = {
  parameters: { route: `/catalogue?brand=${encodeURIComponent(onSale[0]!.brand)}&min=999` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(NO_MATCH);
    await expect(canvas.getByText(products(onSale.length))).toBeVisible();
  },
};

/** A filter set while the products load waits for them: loading, never a false no-match. */
export const FilterWhileLoading: Story = {
  parameters: { msw: [http.get('/api/products', async () => delay(1500))] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.click(canvas.getByLabelText('Offers only'));
    await expect(canvas.getByRole('status', { name: 'Loading products' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(await canvas.findByText(products(onSale.filter((p) => p.discount >= 1).length), {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The products could not be loaded (a 503): the failure and Retry, not an empty catalogue; Retry loads them. */
export const LoadFailed: Story = {
  parameters: {
    msw: [
      http.get('/api/products', () => HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }), {
        once: true,
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The products could not be loaded.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.queryByText('0 products')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByText(products(onSale.length))).toBeVisible();
  },
};

/** Colour red: only the products with a red shade in stock, and the family in the URL's colour=. */
export const FilteredByColour: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const red = onSale.filter((p) => hasFamily(p, 'red'));
    await canvas.findByText(products(onSale.length));
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    const colour = canvas.getByRole('combobox', { name: 'Colour' });
    await expect(within(colour).getByRole('option', { name: `red (${red.length})` })).toBeInTheDocument();
    await userEvent.selectOptions(colour, 'red');
    await expect(canvas.getByText(products(red.length))).toBeVisible();
    const shown = within(canvas.getByRole('list', { name: 'Products' })).getAllByRole('article');
    await expect(shown).toHaveLength(Math.min(16, red.length));
  },
};
