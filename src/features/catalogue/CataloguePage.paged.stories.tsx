import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { asked, forgetAsked, newestFailsOnce, onlyPagesAsked, pageOf, pagedHandlers } from '~/tests/fixtures/pagedBackend';
import { brandName } from '~/src/domain/brands';
import { CATALOGUE_PAGING_THRESHOLD } from '~/src/domain/constants';
import CataloguePage from './CataloguePage';

const count = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

const meta = {
  title: 'Pages/Catalogue (paged)',
  component: CataloguePage,
  parameters: { route: '/catalogue', msw: pagedHandlers() },
  beforeEach: forgetAsked,
} satisfies Meta<typeof CataloguePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Never the whole list: the size first (one product), then each page. */
const noWholeList = () => expect(onlyPagesAsked()).toBe(true);

export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = await pageOf({});
    await expect(first.total).toBeGreaterThan(CATALOGUE_PAGING_THRESHOLD);
    await expect(await canvas.findByText(count(first.total), {}, { timeout: 5000 })).toBeVisible();
    const cards = within(canvas.getByRole('list', { name: 'Products' })).getAllByRole('article');
    await expect(cards).toHaveLength(16);
    await expect(cards[0]).toHaveTextContent(first.items[0]!.name.slice(0, 20));
    await expect(canvas.getByText(`Page 1 of ${first.pageCount}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(await canvas.findByText(`Page 2 of ${first.pageCount}`)).toBeVisible();
    const second = await pageOf({ page: '2' });
    await waitFor(() =>
      expect(within(canvas.getByRole('list', { name: 'Products' })).getAllByRole('article')[0]).toHaveTextContent(
        second.items[0]!.name.slice(0, 20),
      ),
    );
    await expect(asked.some((query) => query.get('page') === '2')).toBe(true);
    noWholeList();
  },
};

/** Sort and filters are asked of the server; brands come from the page's facets; a filter goes back to page 1. */
export const SortAndFilter: Story = {
  parameters: { route: '/catalogue?page=3' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/^Page 3 of/, {}, { timeout: 5000 });
    await userEvent.selectOptions(canvas.getByLabelText('Sort by'), 'priceAsc');
    const cheapest = await pageOf({ sort: 'priceAsc' });
    await expect(await canvas.findByText(`Page 1 of ${cheapest.pageCount}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    const brands = within(canvas.getByLabelText('Brand'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    await expect(brands).toEqual(['All brands', ...cheapest.facets.brands.map((facet) => brandName(facet.value))]);
    await userEvent.click(canvas.getByLabelText('Offers only'));
    const offers = await pageOf({ sort: 'priceAsc', offers: 'true' });
    await expect(await canvas.findByText(count(offers.total))).toBeVisible();
    await expect(asked.at(-1)?.get('offers')).toBe('true');
    await expect(asked.at(-1)?.get('sort')).toBe('priceAsc');
    noWholeList();
  },
};

/** A filter the server finds nothing for: the spec's no-match text, and the filters reset. */
export const NoMatch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const all = await pageOf({});
    await canvas.findByText(count(all.total), {}, { timeout: 5000 });
    await userEvent.click(canvas.getByRole('button', { name: 'Show filters' }));
    await userEvent.type(canvas.getByLabelText('Min price'), '99999{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Sorry! No matches found, please try another combination');
    await expect(await canvas.findByText(count(all.total))).toBeVisible();
    await expect(canvas.getByLabelText('Min price')).toHaveValue(null);
  },
};

const newestFails = newestFailsOnce();

/** A page that cannot be read (a 503): the failure and Retry, never an endless spinner; Retry reads it. */
export const PageFailed: Story = {
  parameters: { msw: pagedHandlers(newestFails.handler) },
  beforeEach: newestFails.rearm,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText(/^Page 1 of/, {}, { timeout: 5000 });
    await userEvent.selectOptions(canvas.getByLabelText('Sort by'), 'newest');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    const newest = await pageOf({ sort: 'newest' });
    await waitFor(() =>
      expect(within(canvas.getByRole('list', { name: 'Products' })).getAllByRole('article')[0]).toHaveTextContent(
        newest.items[0]!.name.slice(0, 20),
      ),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
