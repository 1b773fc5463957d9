import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { ProductRefused, type SaveInput } from '~/machines/productForm.machine';
import { api } from '~/src/api/client';
import { productList } from '~/src/api/replies';
import { productInputOf } from '~/src/domain/productForm';
import type { Product } from '~/src/domain/types';
import { ProductForm } from './ProductForm';
import { productFormActors } from './productForm.actors';
import {
  descriptionBox,
  fillValid,
  inMemory,
  messageOf,
  never,
  png,
  productFormMeta,
  STORED,
  writeDescription,
} from './productFormStoryParts';

const meta = { title: 'Admin/Product form/Create', ...productFormMeta } satisfies Meta<typeof ProductForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EmptyCreateForm: Story = {
  args: { productId: null, actors: inMemory().actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Add product' })).toBeVisible();
    for (const name of ['Name', 'Price ($)', 'Stock', 'Discount (%)']) await expect(canvas.getByRole('textbox', { name })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Discount (%)' })).toHaveValue('0');
    const brand = canvas.getByRole('combobox', { name: 'Brand' });
    // The spec's brands as the values sent, shown by their display names (DECISIONS.md).
    const options = within(brand).getAllByRole<HTMLOptionElement>('option');
    await expect(options.map((o) => o.value)).toEqual([
      '',
      "c'est moi",
      'coastal classic creation',
      'covergirl',
      'dior',
      'fenty',
      'green people',
      "l'oreal",
      'lotus cosmetics usa',
      'maybelline',
      'nudus',
      'nyx',
      'penny lane organics',
      'zorah',
    ]);
    await expect(options.map((o) => o.textContent)).toEqual([
      'Choose a brand',
      "C'est Moi",
      'Coastal Classic Creation',
      'Covergirl',
      'Dior',
      'Fenty',
      'Green People',
      "L'Oréal",
      'Lotus Cosmetics USA',
      'Maybelline',
      'Nudus',
      'NYX',
      'Penny Lane Organics',
      'Zorah',
    ]);
    await expect(within(canvas.getByRole('combobox', { name: 'Category' })).getAllByRole('option')).toHaveLength(12);
    await expect(await descriptionBox(canvas)).toHaveAttribute('aria-multiline', 'true');
    await expect(canvas.getByRole('group', { name: 'Description formatting' })).toBeVisible();
    await expect(canvas.getByLabelText('Choose image')).toHaveAttribute('type', 'file');
    await expect(canvas.getByLabelText('Choose image')).not.toHaveAttribute('multiple');
    // Nothing is said before anything is typed.
    await expect(canvas.queryByText('This field is required')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Create product' })).toBeEnabled();
  },
};

export const EveryFieldError: Story = {
  args: { productId: null, actors: inMemory().actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: 'Name' });
    const price = canvas.getByRole('textbox', { name: 'Price ($)' });
    const stock = canvas.getByRole('textbox', { name: 'Stock' });
    const discount = canvas.getByRole('textbox', { name: 'Discount (%)' });
    await userEvent.type(name, 'ab');
    await expect(messageOf(name)).toBe('Minimum 3 and maximum 60 characters');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(price, '-3');
    await expect(messageOf(price)).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    await userEvent.type(stock, '2.5');
    await expect(messageOf(stock)).toBe('This value cannot be less than 0 and a maximum of 20 digits');
    await userEvent.clear(discount);
    await userEvent.type(discount, '101');
    await expect(messageOf(discount)).toBe('you must enter a value between 0 and 100');
    await writeDescription(canvas, 'abc');
    await expect(messageOf(await descriptionBox(canvas))).toContain('Minimum 4 and maximum 3000 characters');
    await expect(canvas.getByText('3 / 3000 characters')).toBeVisible();

    // 'This field is required' only for the field being edited when empty.
    await userEvent.clear(name);
    await expect(messageOf(name)).toBe('This field is required');
    await userEvent.clear(price);
    await expect(messageOf(price)).toBe('This field is required');
    await expect(messageOf(name)).toBe('');
    await expect(canvas.getAllByText('This field is required')).toHaveLength(1);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Brand' }), 'dior');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Brand' }), '');
    await expect(messageOf(canvas.getByRole('combobox', { name: 'Brand' }))).toBe('This field is required');

    // A refused submit saves nothing: the first field to fix takes the focus and its message; the missing image is named.
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    await expect(name).toHaveFocus();
    await expect(messageOf(name)).toBe('This field is required');
    await expect(canvas.getByText('you must upload an image of the product')).toBeVisible();
    await expect(messageOf(canvas.getByRole('combobox', { name: 'Category' }))).toBe('');
    await expect(canvas.getByRole('heading', { name: 'Add product' })).toBeVisible();
  },
};

export const DescriptionByKeyboard: Story = {
  args: { productId: null, actors: inMemory().actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The label leads to the text box; the formatting buttons come just before it in the tab order.
    const box = await descriptionBox(canvas);
    await userEvent.click(canvas.getByText('Description', { selector: 'span' }));
    await expect(box).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('button', { name: 'Numbered list' })).toHaveFocus();
    await userEvent.tab();
    await expect(box).toHaveFocus();
    await userEvent.keyboard('{Control>}b{/Control}Soft matte');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('10 / 3000 characters')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByLabelText('Choose image')).toHaveFocus();
  },
};

export const UploadDone: Story = {
  args: { productId: null, actors: inMemory().actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('Choose image'), png());
    await expect(await canvas.findByText('successful upload')).toHaveAttribute('role', 'status');
    const preview = canvas.getByRole('img', { name: 'Product image preview' });
    await expect(preview).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await waitFor(() => expect(preview.getBoundingClientRect().width).toBe(120));
    await expect(canvas.queryByText('you must upload an image of the product')).toBeNull();
  },
};

export const UploadRefused: Story = {
  args: {
    productId: null,
    actors: inMemory({
      upload: fromPromise<string, { file: File }>(async () => {
        throw new Error('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.');
      }),
    }).actors,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const image = canvas.getByLabelText('Choose image');
    await userEvent.upload(image, new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The file must be a PNG, JPEG, JPG, JFIF or TIFF image.');
    await expect(image).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByText('successful upload')).toBeNull();
    await expect(canvas.queryByRole('img', { name: 'Product image preview' })).toBeNull();
  },
};

export const Saving: Story = {
  args: { productId: null, actors: inMemory({ save: fromPromise<Product, SaveInput>(() => never()) }).actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillValid(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    await expect(await canvas.findByRole('status', { name: 'Saving product' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create product' })).toBeDisabled();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  },
};

const created = inMemory();
export const Created: Story = {
  args: { productId: null, actors: created.actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillValid(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    const toast = await canvas.findByText('product creation has been successful');
    await waitFor(() => expect(toast).toBeVisible());
    await expect(created.saves.at(-1)).toEqual({
      productId: null,
      values: expect.objectContaining({
        name: 'Glow Primer',
        price: '18.5',
        stock: '7',
        brand: 'nyx',
        category: 'foundation',
        discount: '0',
        description: '<p>A light primer.</p>',
      }),
      shades: [],
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // The form is empty again, with nothing to save.
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(canvas.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    await expect((await descriptionBox(canvas)).textContent).toBe('');
    await expect(canvas.queryByText('successful upload')).toBeNull();
    await expect(canvas.queryByRole('img', { name: 'Product image preview' })).toBeNull();
    await userEvent.click(canvas.getByRole('link', { name: 'Product list' }));
    await expect(await canvas.findByRole('heading', { name: 'Products' })).toBeVisible();
  },
};

/** A save whose answer never comes the first time (it may have been made), answered the next. */
const lostOnce = (() => {
  const saves: SaveInput[] = [];
  const { actors } = inMemory({
    save: fromPromise<Product, SaveInput>(async ({ input }) => {
      saves.push(input);
      if (saves.length === 1) throw new Error('The product could not be saved.');
      return { ...STORED, ...productInputOf(input.values), id: 99 };
    }),
  });
  return { actors, saves };
})();
export const SaveFailedThenRetry: Story = {
  args: { productId: null, actors: lostOnce.actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillValid(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('The product could not be saved, or its answer was lost. Retry: it is never saved twice.');
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Glow Primer');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    // Created: the form is empty again, with no failure shown.
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue(''));
    await expect(canvas.queryByRole('alert')).toBeNull();
    // The retry sends the first save's Idempotency-Key: the server answers the product it made, if it made it.
    await expect(lostOnce.saves.map((save) => save.key)).toEqual([lostOnce.saves[0]!.key, lostOnce.saves[0]!.key]);
  },
};

export const CreatedOnTheMockBackend: Story = {
  args: { productId: null, actors: productFormActors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillValid(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    const toast = await canvas.findByText('product creation has been successful', {}, { timeout: 5000 });
    await waitFor(() => expect(toast).toBeVisible());
    const { data } = await api.GET('/products', { params: { query: { name: 'Glow Primer' } } });
    await expect(
      productList(data!).map(({ name, price, stock, brand, category, discount, description }) => ({
        name,
        price,
        stock,
        brand,
        category,
        discount,
        description,
      })),
    ).toEqual([
      {
        name: 'Glow Primer',
        price: 18.5,
        stock: 7,
        brand: 'nyx',
        category: 'foundation',
        discount: 0,
        description: '<p>A light primer.</p>',
      },
    ]);
    await expect(productList(data!)[0]?.image).toMatch(/^blob:/);
  },
};

/** DECISIONS.md: price and stock are capped at 1,000,000, 'This value cannot be more than 1000000'. */
const overTheCap = inMemory();
export const PriceOverTheCap: Story = {
  args: { productId: null, actors: overTheCap.actors },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillValid(canvas);
    const price = canvas.getByRole('textbox', { name: 'Price ($)' });
    const stock = canvas.getByRole('textbox', { name: 'Stock' });
    await userEvent.clear(stock);
    await userEvent.type(stock, '1000001');
    await expect(messageOf(stock)).toBe('This value cannot be more than 1000000');
    await userEvent.clear(price);
    await userEvent.type(price, '99999999999999999999');
    await expect(messageOf(price)).toBe('This value cannot be more than 1000000');
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    await expect(price).toHaveFocus();
    await expect(overTheCap.saves).toEqual([]);
  },
};

export const SaveRefused: Story = {
  args: {
    productId: null,
    actors: inMemory({
      save: fromPromise<Product, SaveInput>(async () => {
        throw new ProductRefused('price must be <= 1000000.', 'price');
      }),
    }).actors,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fillValid(canvas);
    const price = canvas.getByRole('textbox', { name: 'Price ($)' });
    await userEvent.click(canvas.getByRole('button', { name: 'Create product' }));
    // The server's own words never show: the field gets the shop's.
    await waitFor(() => expect(messageOf(price)).toBe('The shop did not accept this value. Please check it.'));
    await expect(canvas.queryByText(/must be <=/)).toBeNull();
    await expect(price).toHaveFocus();
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Glow Primer');
  },
};
