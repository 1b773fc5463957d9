import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { ProductNotFound } from '~/machines/productForm.machine';
import { disabled } from '~/tests/fixtures/catalogue';
import type { Product } from '~/src/domain/types';
import { ProductForm } from './ProductForm';
import ProductFormPage from './ProductFormPage';
import { productFormActors } from './productForm.actors';
import { descriptionBox, inMemory, productFormMeta, STORED } from './productFormStoryParts';

const meta = { title: 'Admin/Product form/Edit', ...productFormMeta } satisfies Meta<typeof ProductForm>;
export default meta;
type Story = StoryObj<typeof meta>;

const edited = inMemory();
export const EditLoaded: Story = {
  args: { productId: 4, actors: edited.actors },
  parameters: { route: '/admin/products/edit/4' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Name' })).toHaveValue('Velvet Lipstick');
    await expect(canvas.getByRole('heading', { name: 'Edit product' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Price ($)' })).toHaveValue('29.9');
    await expect(canvas.getByRole('textbox', { name: 'Stock' })).toHaveValue('12');
    await expect(canvas.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('15');
    await expect(canvas.getByRole('combobox', { name: 'Brand' })).toHaveValue('dior');
    await expect(canvas.getByRole('combobox', { name: 'Category' })).toHaveValue('lipstick');
    await expect(await descriptionBox(canvas)).toHaveTextContent('A creamy lipstick.');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('img', { name: 'Product image preview' })).toHaveAttribute('src', STORED.image);
    const price = canvas.getByRole('textbox', { name: 'Price ($)' });
    await userEvent.clear(price);
    await userEvent.type(price, '24');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    // Saved: off to the list, without a question, and told so.
    await expect(await canvas.findByRole('heading', { name: 'Products' })).toBeVisible();
    const toast = await canvas.findByText('product edition has been successful');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull();
    await expect(edited.saves.at(-1)).toEqual({
      productId: 4,
      values: expect.objectContaining({ price: '24', name: 'Velvet Lipstick' }),
      key: expect.any(String),
    });
  },
};

export const EditDisabledOnTheMockBackend: Story = {
  args: { productId: disabled.id, actors: productFormActors },
  parameters: { route: `/admin/products/edit/${disabled.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: 'Name' }, { timeout: 5000 })).toHaveValue(disabled.name);
    await expect(canvas.getByText('This product is disabled: shoppers do not see it.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Stock' })).toHaveValue(String(disabled.stock));
  },
};

export const EditNotFound: Story = {
  args: {
    productId: 404,
    actors: inMemory({
      load: fromPromise<Product, { productId: number }>(async () => {
        throw new ProductNotFound('Product not found');
      }),
    }).actors,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(canvas.getByText('There is no product with the id 404. It may never have existed.')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Back to the product list' }));
    await expect(await canvas.findByRole('heading', { name: 'Products' })).toBeVisible();
  },
};

/** The page as the router opens it, for an address whose id is not a product id. */
export const EditNotAnId: Story = {
  args: { productId: null, actors: inMemory().actors },
  parameters: { adminRoute: '/admin/products/edit/abc' },
  render: () => <ProductFormPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Product not found' })).toBeVisible();
    await expect(canvas.getByText('There is no product with the id abc. It may never have existed.')).toBeVisible();
    await expect(canvas.queryByText(/NaN/)).toBeNull();
    await expect(canvas.queryByRole('heading', { name: 'Edit product' })).toBeNull();
  },
};

export const EditUnknownIdOnTheMockBackend: Story = {
  args: { productId: null, actors: inMemory().actors },
  parameters: { adminRoute: '/admin/products/edit/999999' },
  render: () => <ProductFormPage />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Product not found' }, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByText('There is no product with the id 999999. It may never have existed.')).toBeVisible();
  },
};

/** The first load fails, the next ones answer. */
function failingOnce() {
  let loads = 0;
  return fromPromise<Product, { productId: number }>(async () => {
    loads++;
    if (loads === 1) throw new Error('The product could not be loaded.');
    return STORED;
  });
}

export const LoadFailed: Story = {
  args: { productId: 4, actors: inMemory({ load: failingOnce() }).actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('The product could not be loaded.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('textbox', { name: 'Name' })).toHaveValue('Velvet Lipstick');
  },
};

export const UnsavedChangesPrompt: Story = {
  args: { productId: null, actors: inMemory().actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const reload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    // Nothing typed: leaving asks nothing.
    await expect(reload()).toBe(false);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Glow Primer');
    await expect(reload()).toBe(true);
    await userEvent.click(canvas.getByRole('link', { name: 'Product list' }));
    const dialog = await page.findByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(within(dialog).getByText('The changes you made to this product will be lost.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on page' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Glow Primer');
    await userEvent.click(canvas.getByRole('link', { name: 'Product list' }));
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Leave page' }));
    await expect(await canvas.findByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(reload()).toBe(false);
  },
};
