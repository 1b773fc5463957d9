import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, delay, http } from 'msw';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { expect, userEvent, within } from 'storybook/test';
import { openingShade } from '~/src/domain/shadeChoice';
import { discounted, disabled, fullPrice, onSale, soldOut } from '~/tests/fixtures/catalogue';
import { ADMIN } from '~/tests/fixtures/users';
import { InitialCatalogue } from '~/src/state/shop/InitialCatalogue';
import { reviewActions } from './reviewActions';
import ProductDetailPage, { type Reader } from './ProductDetailPage';

/** The page under its route, so the id comes from the URL and /error can be reached. */
function AtRoute(reader: Reader) {
  return (
    <Routes>
      <Route path="/detail/:id" element={<ProductDetailPage {...reader} />} />
      <Route path="/error" element={<p>error page</p>} />
    </Routes>
  );
}

const meta = {
  title: 'Pages/Product detail',
  component: AtRoute,
  args: { sessionPending: false, admin: false, user: null, reviewActions },
} satisfies Meta<typeof AtRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Discounted: Story = {
  parameters: { route: `/detail/${discounted.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: discounted.name, level: 1 })).toBeVisible();
    await expect(canvas.getAllByText(`${discounted.discount}% OFF`)[0]).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'You might also like...' }, { timeout: 5000 })).toBeVisible();
  },
};

/** The page opens on the first shade in stock: the stepper goes up to that shade's stock. */
export const QuantityUpToStock: Story = {
  parameters: { route: `/detail/${fullPrice.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const increase = await canvas.findByRole('button', { name: 'Increase quantity' });
    const { stock } = openingShade(fullPrice, null)!;
    await expect(canvas.getByText(`${stock} in stock`)).toBeVisible();
    for (let i = 1; i < stock; i++) await userEvent.click(increase);
    await expect(increase).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  },
};

type Shade = (typeof onSale)[number]['shades'][number];
/** A product with shades in stock and sold out. */
const partlySoldOut = onSale.find((p) => p.shades.some((s) => s.stock === 0))!;
const soldOutShade = partlySoldOut.shades.find((s) => s.stock === 0)!;
const inStockShade = partlySoldOut.shades.find((s) => s.stock > 0)!;
/** A product with two shades of 2 or more. */
const inShades = onSale.find((p) => p.shades.filter((s) => s.stock >= 2).length >= 2)!;
const [firstShade, secondShade] = inShades.shades.filter((s) => s.stock >= 2) as [Shade, Shade];

/** The page with the address it is at, as the shopper's browser shows it. */
function WithAddress(reader: Reader) {
  const { search } = useLocation();
  return (
    <>
      <p>Address: {search}</p>
      <AtRoute {...reader} />
    </>
  );
}

/** A sold-out shade chosen: struck through, NO STOCK shows, and the address names it; another shade brings ADD TO CART back. */
export const SoldOutShadeChosen: Story = {
  parameters: { route: `/detail/${partlySoldOut.id}` },
  render: (reader) => <WithAddress {...reader} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('group', { name: `Shade: ${inStockShade.name}` })).toBeVisible();
    await expect(canvas.getByText('Address:')).toHaveTextContent(/^Address:$/);
    await userEvent.click(canvas.getByRole('radio', { name: `${soldOutShade.name}, sold out` }));
    await expect(canvas.getByRole('radio', { name: `${soldOutShade.name}, sold out` })).toBeChecked();
    await expect(canvas.getByRole('group', { name: `Shade: ${soldOutShade.name}` })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'NO STOCK' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
    await expect(canvas.getByText(/^Address:/)).toHaveTextContent(/^Address: \?shade=\d+$/);
    await userEvent.click(canvas.getByRole('radio', { name: inStockShade.name }));
    await expect(canvas.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  },
};

/** Another shade: its picture and stock, and the quantity back to 1. */
export const ShadeChangeResetsQuantity: Story = {
  parameters: { route: `/detail/${inShades.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: firstShade.name }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Increase quantity' }));
    await expect(canvas.getByRole('status', { name: 'Quantity' })).toHaveTextContent('2');
    await userEvent.click(canvas.getByRole('radio', { name: secondShade.name }));
    await expect(canvas.getByRole('group', { name: `Shade: ${secondShade.name}` })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Quantity' })).toHaveTextContent('1');
    await expect(canvas.getByText(`${secondShade.stock} in stock`)).toBeVisible();
    await expect(canvas.getByRole('img', { name: `${inShades.name} in ${secondShade.name}` })).toHaveAttribute('src', secondShade.image);
  },
};

export const NoStock: Story = {
  parameters: { route: `/detail/${soldOut.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'NO STOCK' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
  },
};

export const Disabled: Story = {
  parameters: { route: `/detail/${disabled.id}` },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('error page')).toBeVisible();
  },
};

/** An Admin (the products table's View Product) sees a disabled product, said to be hidden, with nothing to buy. */
export const DisabledForAdmin: Story = {
  args: { admin: true, user: ADMIN },
  parameters: { route: `/detail/${disabled.id}`, shop: { signedInAs: ADMIN } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: disabled.name, level: 1 })).toBeVisible();
    await expect(canvas.getByText('Disabled: hidden from shoppers')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'ADD TO CART' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'NO STOCK' })).toBeNull();
  },
};

/** The server fails (a 503): a failure with Retry, not /error; Retry shows the product. */
export const Failed: Story = {
  parameters: {
    route: `/detail/${discounted.id}`,
    msw: [
      http.get('/api/products/:id', () => HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 }), {
        once: true,
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert');
    await expect(failure).toHaveTextContent('This product could not be loaded.');
    await expect(canvas.queryByText('error page')).toBeNull();
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('heading', { name: discounted.name, level: 1 })).toBeVisible();
  },
};

/** The session (its stored user cleared) settles as an Admin: the page reads the product again rather than showing /error. */
function AdminSettling() {
  const [settled, setSettled] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSettled(true)}>
        Session settles as Admin
      </button>
      <AtRoute sessionPending={!settled} admin={settled} user={settled ? ADMIN : null} reviewActions={reviewActions} />
    </>
  );
}

/** The first, anonymous read misses the product (as it misses a disabled one): a spinner, not /error, until the session is known. */
export const MissingWhileTheSessionLoads: Story = {
  parameters: {
    route: `/detail/${discounted.id}`,
    msw: [
      http.get('/api/products/:id', () => HttpResponse.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }), {
        once: true,
      }),
    ],
  },
  render: () => <AdminSettling />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading product' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(canvas.queryByText('error page')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Session settles as Admin' }));
    await expect(await canvas.findByRole('heading', { name: discounted.name, level: 1 })).toBeVisible();
  },
};

/** Rendered from a list (a server-rendered page's) that does not hold the product: it is said to be not available while its own read is out, not a spinner. */
export const AbsentFromTheRenderedList: Story = {
  parameters: {
    route: `/detail/${disabled.id}`,
    msw: [http.get('/api/products/:id', () => delay('infinite'))],
  },
  render: (reader) => (
    <InitialCatalogue value={{ paged: false, products: onSale }}>
      <AtRoute {...reader} />
    </InitialCatalogue>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Product not available', level: 1 })).toBeVisible();
    await expect(canvas.getByText('This product does not exist or is no longer sold.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/catalogue');
    await expect(canvas.queryByRole('status', { name: 'Loading product' })).toBeNull();
  },
};
