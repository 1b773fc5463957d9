import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { asked, forgetAsked, newestFailsOnce, onlyPagesAsked, pageOf, pagedHandlers } from '~/tests/fixtures/pagedBackend';
import { POPULAR_MIN_RANK } from '~/src/domain/constants';
import HomePage from './HomePage';

const meta = {
  title: 'Pages/Home (paged)',
  component: HomePage,
  parameters: { route: '/home', msw: pagedHandlers() },
  beforeEach: forgetAsked,
} satisfies Meta<typeof HomePage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The section under a heading. */
const section = (canvas: ReturnType<typeof within>, title: string) =>
  canvas.getByRole('heading', { name: title, level: 2 }).closest('section')!;
/** The text of each card of a section. */
const shown = (element: HTMLElement) =>
  within(element)
    .getAllByRole('article')
    .map((card) => card.textContent ?? '');

/** Each section from its own small page (popular kept to rank 4 and up): the same twelve the whole list gives, and no whole list read. */
export const Sections: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const offers = await canvas.findByRole('region', { name: 'Special Offers' }, { timeout: 5000 });
    const expected = {
      'Special Offers': (await pageOf({ sort: 'offers', offers: 'true', pageSize: '12' })).items,
      Popular: (await pageOf({ sort: 'popular', pageSize: '12' })).items.filter((p) => p.rank >= POPULAR_MIN_RANK),
      'New Arrivals': (await pageOf({ sort: 'newest', pageSize: '12' })).items,
    };
    await expect(within(offers).getAllByRole('group')).toHaveLength(12);
    for (const [title, items] of Object.entries(expected)) {
      const cards = shown(section(canvas, title));
      await expect(cards).toHaveLength(items.length);
      items.forEach((product, i) => expect(cards[i]).toContain(product.name.slice(0, 20)));
    }
    await expect(asked.filter((query) => query.get('pageSize') === '12')).toHaveLength(3);
    await expect(onlyPagesAsked()).toBe(true);
  },
};

const newestFails = newestFailsOnce();

/** A section's page fails: the failure with Retry instead of the spinners, and Retry reads the sections. */
export const Failed: Story = {
  parameters: { msw: pagedHandlers(newestFails.handler) },
  beforeEach: newestFails.rearm,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failure = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(failure).toHaveTextContent('The products could not be loaded.');
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await canvas.findByRole('region', { name: 'Special Offers' }, { timeout: 5000 });
    await expect(within(section(canvas, 'New Arrivals')).getAllByRole('article')).toHaveLength(12);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
