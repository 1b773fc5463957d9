import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { makeProduct } from '../tests/fixtures/product';
import { DEFAULT_FILTER, type Filter } from '../src/domain/catalogue';
import type { Category } from '../src/domain/constants';
import type { Product } from '../src/domain/types';
import { catalogueFilterMachine, type Publication } from './catalogueFilter.machine';

const products = [
  makeProduct({ brand: 'dior', category: 'lipstick', price: 40, discount: 50 }),
  makeProduct({ brand: 'nyx', category: 'mascara', price: 12 }),
  makeProduct({ brand: 'nyx', category: 'blush', price: 25, discount: 10 }),
];

function start({
  page = 3,
  filter = DEFAULT_FILTER,
  category,
  loaded = products,
}: { page?: number; filter?: Filter; category?: Category; loaded?: Product[] | null } = {}) {
  const publish = vi.fn<(publication: Publication) => void>();
  const actor = createActor(catalogueFilterMachine.provide({ actions: { publish: (_, publication) => publish(publication) } }), {
    input: { filter, sort: 'popular', page, category, products: loaded ?? undefined },
  }).start();
  return { actor, publish, context: () => actor.getSnapshot().context };
}

describe('catalogue filter machine', () => {
  it('starts on popular, every filter off', () => {
    const { context } = start({ page: 1 });
    expect(context()).toMatchObject({ sort: 'popular', filter: DEFAULT_FILTER, page: 1, notFound: false, panelOpen: false });
  });

  it('a sort change goes back to page 1 and is published', () => {
    const { actor, context, publish } = start();
    actor.send({ type: 'SORT', sort: 'priceAsc' });
    expect(context()).toMatchObject({ sort: 'priceAsc', page: 1 });
    expect(publish).toHaveBeenLastCalledWith({ query: expect.objectContaining({ sort: 'priceAsc', page: 1 }), replace: false });
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
    const { actor, context } = start({ page: 1 });
    actor.send({ type: 'PAGE', page: 2 });
    expect(context().page).toBe(2);
    actor.send({ type: 'TOGGLE_PANEL' });
    expect(context().panelOpen).toBe(true);
    actor.send({ type: 'FROM_URL', filter: { ...DEFAULT_FILTER, offers: true }, sort: 'offers', page: 1 });
    expect(context()).toMatchObject({ sort: 'offers', page: 1, filter: { offers: true } });
  });

  describe('on a category page', () => {
    const lipstickPage = { ...DEFAULT_FILTER, categories: 'lipstick' } as const;

    it('reset keeps the page category', () => {
      const { actor, context, publish } = start({ category: 'lipstick', filter: lipstickPage });
      actor.send({ type: 'FILTER', patch: { brands: 'dior', offers: true } });
      actor.send({ type: 'RESET' });
      expect(context()).toMatchObject({ filter: lipstickPage, page: 1, notFound: false });
      expect(publish).toHaveBeenLastCalledWith({ query: expect.objectContaining({ filter: lipstickPage }), replace: false });
    });

    it('a filter that matches nothing resets to the page category', () => {
      const { actor, context } = start({ category: 'lipstick', filter: lipstickPage });
      actor.send({ type: 'FILTER', patch: { brands: 'nyx' } });
      expect(context()).toMatchObject({ notFound: true, filter: lipstickPage, page: 1 });
    });
  });

  describe('a filter from the URL', () => {
    const nothing = { ...DEFAULT_FILTER, brands: 'nyx', priceMin: 999 } as const;

    it('matching nothing shows not found and resets the filters, replacing the shared URL', () => {
      const { context, publish } = start({ filter: nothing });
      expect(context()).toMatchObject({ notFound: true, filter: DEFAULT_FILTER, page: 1 });
      expect(publish).toHaveBeenCalledWith({ query: expect.objectContaining({ filter: DEFAULT_FILTER }), replace: true });
    });

    it('is checked when the products arrive, keeping the page category', () => {
      const { actor, context } = start({ filter: { ...nothing, categories: 'mascara' }, category: 'mascara', loaded: null });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(context().notFound).toBe(false);
      actor.send({ type: 'PRODUCTS', products });
      expect(context()).toMatchObject({ notFound: true, filter: { ...DEFAULT_FILTER, categories: 'mascara' } });
    });

    it('is checked again after Back or a link to a filter that matches nothing', () => {
      const { actor, context } = start({ page: 1 });
      actor.send({ type: 'FROM_URL', filter: nothing, sort: 'popular', page: 1 });
      expect(context()).toMatchObject({ notFound: true, filter: DEFAULT_FILTER });
    });

    it('that matches is kept with its page', () => {
      const { context, publish } = start({ filter: { ...DEFAULT_FILTER, brands: 'nyx' }, page: 2 });
      expect(context()).toMatchObject({ notFound: false, filter: { brands: 'nyx' }, page: 2 });
      expect(publish).not.toHaveBeenCalled();
    });
  });

  describe('while the products load', () => {
    it('a filter is kept and published, never a no-match', () => {
      const { actor, context, publish } = start({ loaded: null });
      actor.send({ type: 'FILTER', patch: { brands: 'nyx' } });
      expect(context()).toMatchObject({ notFound: false, filter: { brands: 'nyx' }, page: 1 });
      expect(publish).toHaveBeenLastCalledWith({ query: expect.objectContaining({ filter: expect.objectContaining({ brands: 'nyx' }) }), replace: false });
      actor.send({ type: 'PRODUCTS', products });
      expect(actor.getSnapshot().hasTag('loading')).toBe(false);
      expect(context()).toMatchObject({ notFound: false, filter: { brands: 'nyx' } });
    });

    it('a filter that turns out to match nothing is reported once the products are there', () => {
      const { actor, context } = start({ loaded: null });
      actor.send({ type: 'FILTER', patch: { brands: 'dior', categories: 'blush' } });
      expect(context().notFound).toBe(false);
      actor.send({ type: 'PRODUCTS', products });
      expect(context()).toMatchObject({ notFound: true, filter: DEFAULT_FILTER });
    });
  });
});
