import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { ProductNotFound, ProductRefused, type SaveInput } from '~/machines/productForm.machine';
import { SHADE_MESSAGES } from '~/src/domain/shades';
import { disabled } from '~/tests/fixtures/catalogue';
import { TWO_SHADES } from '~/tests/fixtures/shades';
import type { Product } from '~/src/domain/types';
import { ProductForm } from './ProductForm';
import ProductFormPage from './ProductFormPage';
import { productFormActors } from './productForm.actors';
import { descriptionBox, inMemory, png, productFormMeta, STORED } from './productFormStoryParts';

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
      shades: [],
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

const SHADED: Product = { ...STORED, stock: 7, shades: TWO_SHADES };
const shadedSaves = inMemory({ load: fromPromise<Product, { productId: number }>(async () => SHADED) });
const shadeGroup = (canvas: ReturnType<typeof within>, position: number) =>
  canvas.getByRole('group', { name: new RegExp(`^Shade ${position}\\b`) });

/** A product with shades: its stock is read-only, the sum of theirs, and follows a shade's stock; a new shade with its stock is saved with the others. */
export const EditShades: Story = {
  args: { productId: 4, actors: shadedSaves.actors },
  parameters: { route: '/admin/products/edit/4' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stock = await canvas.findByRole('textbox', { name: 'Stock' });
    await expect(stock).toHaveValue('7');
    await expect(stock).toHaveAttribute('readonly');
    await expect(stock).toHaveAccessibleDescription('The sum of the shades’ stock');
    const redStock = within(shadeGroup(canvas, 1)).getByRole('textbox', { name: 'Shade stock' });
    await userEvent.clear(redStock);
    await userEvent.type(redStock, '10');
    await expect(stock).toHaveValue('13');
    await userEvent.click(canvas.getByRole('button', { name: 'Add shade' }));
    const added = shadeGroup(canvas, 3);
    await userEvent.clear(within(added).getByRole('textbox', { name: 'Shade name' }));
    await userEvent.type(within(added).getByRole('textbox', { name: 'Shade name' }), 'Coral Kiss');
    await userEvent.clear(within(added).getByRole('textbox', { name: 'Colour (hex)' }));
    await userEvent.type(within(added).getByRole('textbox', { name: 'Colour (hex)' }), '#ff7f50');
    await userEvent.clear(within(added).getByRole('textbox', { name: 'Shade stock' }));
    await userEvent.type(within(added).getByRole('textbox', { name: 'Shade stock' }), '5');
    await expect(stock).toHaveValue('18');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(shadedSaves.saves.at(-1)).toMatchObject({
      values: { stock: '18' },
      shades: [
        { id: 31, name: 'Classic Red', stock: '10', image: '' },
        { id: 32, name: 'Nude Pink', stock: '3' },
        { name: 'Coral Kiss', hex: '#ff7f50', stock: '5', image: '' },
      ],
    });
  },
};

const pictured = inMemory({ load: fromPromise<Product, { productId: number }>(async () => SHADED) });

/**
 * A shade's picture is uploaded as the product's is and shown with the spec's 'successful upload', the product's own
 * 'successful upload' staying; "Use rendered picture" goes back to the one the shop draws in its colour.
 */
export const ShadePictureUploaded: Story = {
  args: { productId: 4, actors: pictured.actors },
  parameters: { route: '/admin/products/edit/4' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const red = await canvas.findByRole('group', { name: 'Shade 1: Classic Red' }, { timeout: 5000 });
    const picture = canvas.getByRole('group', { name: /^Image/ });
    await userEvent.upload(within(picture).getByLabelText('Change image'), png('product.png'));
    await expect(await within(picture).findByText('successful upload')).toBeVisible();
    const productPicture = canvas.getByRole('img', { name: 'Product image preview' }).getAttribute('src');
    await expect(within(red).getByText('Rendered in its colour')).toBeVisible();
    await userEvent.upload(within(red).getByLabelText('Upload picture'), png('red.png'));
    await expect(await within(red).findByText('successful upload')).toBeVisible();
    await expect(within(red).getByRole('img', { name: 'Shade picture preview' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await expect(within(picture).getByText('successful upload'), "the product's upload is still said").toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Product image preview' }), "the product's picture stays").toHaveAttribute(
      'src',
      productPicture,
    );
    await userEvent.click(within(red).getByRole('button', { name: 'Use rendered picture' }));
    await expect(within(red).getByText('Rendered in its colour')).toBeVisible();
    await expect(within(red).queryByRole('img', { name: 'Shade picture preview' })).toBeNull();
  },
};

/** A shade rule broken stops the save at that shade's field; the server's 400 naming the shades (one removed meanwhile) is said in the editor. */
export const ShadesRefused: Story = {
  args: {
    productId: 4,
    actors: inMemory({
      load: fromPromise<Product, { productId: number }>(async () => SHADED),
      save: fromPromise<Product, SaveInput>(async () => {
        throw new ProductRefused(SHADE_MESSAGES.notOwn, 'shades');
      }),
    }).actors,
  },
  parameters: { route: '/admin/products/edit/4' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = await canvas.findByRole('group', { name: /^Shade 2\b/ }, { timeout: 5000 });
    const name = within(second).getByRole('textbox', { name: 'Shade name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'CLASSIC RED');
    await expect(name).toHaveAccessibleDescription('This product already has a shade with this name');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.type(name, 'Nude Rose');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(SHADE_MESSAGES.notOwn);
    await expect(alert).toHaveFocus();
  },
};
