// What the product form's stories share: the stored product, its calls answered in memory, the admin routes, and filling the form.
import type { Decorator, Meta } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, UNSAFE_LocationContext } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { SaveInput } from '~/machines/productForm.machine';
import { ADMIN } from '~/tests/fixtures/users';
import { productInputOf } from '~/src/domain/productForm';
import type { Product } from '~/src/domain/types';
import { Toaster } from '~/src/ui/Toaster';
import { ProductForm } from './ProductForm';
import { PRODUCT_LIST_PATH } from './ProductNotFound';
import type { ProductFormActors } from './productForm.logic';

export const STORED: Product = {
  id: 4,
  name: 'Velvet Lipstick',
  brand: 'dior',
  category: 'lipstick',
  price: 29.9,
  discount: 15,
  totalPrice: 25.42,
  stock: 12,
  description: '<p>A <strong>creamy</strong> lipstick.</p>',
  image: '/images/products/lipstick-a4161a.svg',
  rank: 4.5,
  reviews: 2,
  disable: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  shades: [],
};

/** A real 1 x 1 PNG, so the preview shows a picture. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
export const png = (name = 'primer.png') => new File([PNG], name, { type: 'image/png' });

export const never = <T,>() => new Promise<T>(() => {});

/** The form's calls answered in memory: the stored product, a blob URL per upload, the saved product; `calls` records the saves. */
export function inMemory(overrides: Partial<ProductFormActors> = {}) {
  const saves: SaveInput[] = [];
  const actors: ProductFormActors = {
    load: fromPromise<Product, { productId: number }>(async () => STORED),
    upload: fromPromise<string, { file: File }>(async ({ input }) => URL.createObjectURL(input.file)),
    save: fromPromise<Product, SaveInput>(async ({ input }) => {
      saves.push(input);
      return { ...STORED, ...productInputOf(input.values), id: input.productId ?? 99 };
    }),
    ...overrides,
  };
  return { actors, saves };
}

/**
 * The admin routes in a data router of their own (the leave prompt needs
 * one), with a link out of the form and the toasts. The preview's router
 * around every story is hidden from this one, which would otherwise refuse
 * to sit inside it.
 */
function AdminRoutes({ route, children }: { route: string; children: ReactNode }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          element: (
            <>
              <nav aria-label="Admin">
                <Link to={PRODUCT_LIST_PATH}>Product list</Link>
              </nav>
              <Outlet />
              <Toaster />
            </>
          ),
          children: [
            { path: '/admin/products/create', element: children },
            { path: '/admin/products/edit/:id', element: children },
            { path: PRODUCT_LIST_PATH, element: <h1>Products</h1> },
          ],
        },
      ],
      { initialEntries: [route] },
    ),
  );
  return (
    <UNSAFE_LocationContext.Provider value={null as never}>
      <RouterProvider router={router} />
    </UNSAFE_LocationContext.Provider>
  );
}

/** The story's route: `parameters.adminRoute`, else the one of its productId. */
const inAdminRoutes: Decorator = (Story, { args, parameters }) => (
  <AdminRoutes
    route={
      (parameters.adminRoute as string | undefined) ??
      (args.productId === null ? '/admin/products/create' : `/admin/products/edit/${args.productId}`)
    }
  >
    <Story />
  </AdminRoutes>
);

/** What the stories of creating and of editing show the form in: the admin routes, signed in as an Admin. */
export const productFormMeta = {
  component: ProductForm,
  decorators: [inAdminRoutes],
  parameters: { route: '/admin/products/create', shop: { signedInAs: ADMIN } },
} satisfies Meta<typeof ProductForm>;

type Canvas = ReturnType<typeof within>;

/** The editor is a chunk of its own, loaded with the form: on a busy machine it can take longer than findBy's default second. */
export const descriptionBox = (canvas: Canvas) => canvas.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });

export async function writeDescription(canvas: Canvas, text: string) {
  await userEvent.click(await descriptionBox(canvas));
  await userEvent.keyboard(text);
}

/** Every field valid, the image uploaded. */
export async function fillValid(canvas: Canvas) {
  await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Glow Primer');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Price ($)' }), '18.5');
  await userEvent.type(canvas.getByRole('textbox', { name: 'Stock' }), '7');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Brand' }), 'nyx');
  await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Category' }), 'foundation');
  await writeDescription(canvas, 'A light primer.');
  await userEvent.upload(canvas.getByLabelText('Choose image'), png());
  await expect(await canvas.findByText('successful upload')).toBeVisible();
}

export const messageOf = (field: HTMLElement) => {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => field.ownerDocument.getElementById(id)?.textContent).join(' | ');
};
