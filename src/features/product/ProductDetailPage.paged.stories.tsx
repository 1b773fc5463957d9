import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { Route, Routes } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { forgetAsked, onlyPagesAsked, pageOf, pagedHandlers } from '~/tests/fixtures/pagedBackend';
import { reviewActions } from './reviewActions';
import ProductDetailPage, { type Reader } from './ProductDetailPage';

const [product] = (await pageOf({ pageSize: '1' })).items;

/** The page under its route, so the id comes from the URL. */
function AtRoute(reader: Reader) {
  return (
    <Routes>
      <Route path="/detail/:id" element={<ProductDetailPage {...reader} />} />
    </Routes>
  );
}

/** While on, a page read of one category (the related products' page) answers 503. */
let categoryDown = false;
const categoryFails = http.get('/api/products', ({ request }) =>
  categoryDown && new URL(request.url).searchParams.has('category')
    ? HttpResponse.json({ error: { code: 'unavailable', message: 'down' } }, { status: 503 })
    : undefined,
);

const meta = {
  title: 'Pages/Product detail (paged)',
  component: AtRoute,
  args: { sessionPending: false, admin: false, user: null, reviewActions },
  parameters: { route: `/detail/${product!.id}`, msw: pagedHandlers(categoryFails) },
  beforeEach: () => {
    forgetAsked();
    categoryDown = true;
  },
} satisfies Meta<typeof AtRoute>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 'You might also like...' whose page read fails: the failure with Retry under its heading, not a section gone; Retry reads the page. */
export const RelatedFailed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: product!.name, level: 1 }, { timeout: 5000 })).toBeVisible();
    const related = (await canvas.findByRole('heading', { name: 'You might also like...' }, { timeout: 5000 })).closest('section')!;
    const failure = await within(related).findByRole('alert', {}, { timeout: 5000 });
    await expect(failure).toHaveTextContent('These products could not be loaded.');
    categoryDown = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    const grid = await canvas.findByRole('list', { name: 'You might also like' }, { timeout: 5000 });
    await waitFor(() => expect(within(grid).getAllByRole('article').length).toBeGreaterThan(0));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(onlyPagesAsked()).toBe(true);
  },
};
