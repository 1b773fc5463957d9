import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { makeProduct } from '../tests/fixtures/product';
import { DEFAULT_FILTER } from '../src/domain/catalogue';
import { catalogueFilterMachine } from './catalogueFilter.machine';

const products = [
  makeProduct({ brand: 'dior', category: 'lipstick', price: 40, discount: 50 }),
  makeProduct({ brand: 'nyx', category: 'mascara', price: 12 }),
  makeProduct({ brand: 'nyx', category: 'blush', price: 25, discount: 10 }),
];

function start(page = 3) {
  const publish = vi.fn();
  const actor = createActor(catalogueFilterMachine.provide({ actions: { publish: (_, query) => publish(query) } }), {
    input: { filter: DEFAULT_FILTER, sort: 'popular', page, products },
  }).start();
  return { actor, publish, context: () => actor.getSnapshot().context };
}

describe('catalogue filter machine', () => {
  it('starts on popular, every filter off', () => {
    const { context } = start(1);
    expect(context()).toMatchObject({ sort: 'popular', filter: DEFAULT_FILTER, page: 1, notFound: false, panelOpen: false });
  });

  it('a sort change goes back to page 1 and is published', () => {
    const { actor, context, publish } = start();
    actor.send({ type: 'SORT', sort: 'priceAsc' });
    expect(context()).toMatchObject({ sort: 'priceAsc', page: 1 });
    expect(publish).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'priceAsc', page: 1 }));
  });

  it('a filter change goes back to page 1; filters combine', () => {
    const { actor, context } = start();
    actor.send({ type: 'FILTER', patch: { brands: 'nyx' } });
    actor.send({ type: 'FILTER', patch: { categories: 'blush' } });
    expect(context()).toMatchObject({ page: 1, notFound: false, filter: { ...DEFAULT_FILTER, brands: 'nyx', categories: 'blush' } });
  });

  it('swaps a reversed price range', () => {
    const { actor, context } = start();
    actor.send({ type: 'FILTER', patch: { priceMin: 30, priceMax: 10 } });
    expect(context().filter).toMatchObject({ priceMin: 10, priceMax: 30 });
  });

  it('a filter that matches nothing is marked not found and the filters reset', () => {
    const { actor, context } = start();
    actor.send({ type: 'FILTER', patch: { brands: 'dior' } });
    actor.send({ type: 'FILTER', patch: { categories: 'mascara' } });
    expect(context()).toMatchObject({ notFound: true, filter: DEFAULT_FILTER, page: 1 });
    actor.send({ type: 'SORT', sort: 'newest' });
    expect(context().notFound).toBe(false);
  });

  it('reset sets brands and categories to all, prices empty and offers off', () => {
    const { actor, context } = start();
    actor.send({ type: 'FILTER', patch: { brands: 'nyx', offers: true, priceMin: 1 } });
    actor.send({ type: 'RESET' });
    expect(context()).toMatchObject({ filter: DEFAULT_FILTER, page: 1 });
  });

  it('pages, shows or hides the panel, and follows the URL on Back', () => {
    const { actor, context } = start(1);
    actor.send({ type: 'PAGE', page: 2 });
    expect(context().page).toBe(2);
    actor.send({ type: 'TOGGLE_PANEL' });
    expect(context().panelOpen).toBe(true);
    actor.send({ type: 'FROM_URL', filter: { ...DEFAULT_FILTER, offers: true }, sort: 'offers', page: 1 });
    expect(context()).toMatchObject({ sort: 'offers', page: 1, filter: { offers: true } });
  });
});
