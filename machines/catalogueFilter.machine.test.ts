import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, type Filter } from '~/src/domain/catalogue';
import { cataloguePageOf } from '~/src/domain/cataloguePage';
import type { PageRequest } from '~/src/domain/pageRequest';
import type { Category } from '~/src/domain/constants';
import type { CataloguePage, Product } from '~/src/domain/types';
import { catalogueFilterMachine, type PeekPage, type Publication } from './catalogueFilter.machine';

const products = [
  makeProduct({ brand: 'dior', category: 'lipstick', price: 40, discount: 50 }),
  makeProduct({ brand: 'nyx', category: 'mascara', price: 12 }),
  makeProduct({ brand: 'nyx', category: 'blush', price: 25, discount: 10 }),
];

/** The pages of a held list, read at once. */
const listed =
  (list: Product[]): PeekPage =>
  (request) =>
    cataloguePageOf(list, request);

/** A server asked for pages: each request waits until the test answers or fails it. */
function server() {
  const asked: { request: PageRequest; answer(page: CataloguePage): void; fail(): void }[] = [];
  const fetchPage = fromPromise<CataloguePage, PageRequest>(
    ({ input }) => new Promise((answer, fail) => asked.push({ request: input, answer, fail: () => fail(new Error('503')) })),
  );
  return { asked, fetchPage, last: () => asked.at(-1)! };
}

function start({
  page = 3,
  filter = DEFAULT_FILTER,
  category,
  peek = listed(products),
  fetchPage = server().fetchPage,
}: { page?: number; filter?: Filter; category?: Category; peek?: PeekPage; fetchPage?: ReturnType<typeof server>['fetchPage'] } = {}) {
  const publish = vi.fn<(publication: Publication) => void>();
  const actor = createActor(
    catalogueFilterMachine.provide({ actors: { fetchPage }, actions: { publish: (_, publication) => publish(publication) } }),
    {
      input: { filter, sort: 'popular', page, category, peek },
    },
  ).start();
  return { actor, publish, context: () => actor.getSnapshot().context };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('catalogue filter machine', () => {
  it('starts on popular, every filter off, showing the page it knows', () => {
    const { context, actor } = start({ page: 1 });
    expect(context()).toMatchObject({ sort: 'popular', filter: DEFAULT_FILTER, page: 1, notFound: false, panelOpen: false });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(context().result?.total).toBe(3);
  });

  it('a sort change goes back to page 1, is published and shows the sorted page', () => {
    const { actor, context, publish } = start();
    actor.send({ type: 'SORT', sort: 'priceAsc' });
    expect(context()).toMatchObject({ sort: 'priceAsc', page: 1 });
    expect(context().result?.items.map((p) => p.totalPrice)).toEqual([12, 20, 22.5]);
    expect(publish).toHaveBeenLastCalledWith({ query: expect.objectContaining({ sort: 'priceAsc', page: 1 }), replace: false });
  });

  it('a filter change goes back to page 1; filters combine', () => {
    const { actor, context } = start();
    actor.send({ type: 'FILTER', patch: { brands: 'nyx' } });
    actor.send({ type: 'FILTER', patch: { categories: 'blush' } });
    expect(context()).toMatchObject({ page: 1, notFound: false, filter: { ...DEFAULT_FILTER, brands: 'nyx', categories: 'blush' } });
    expect(context().result?.total).toBe(1);
  });

  it('swaps a reversed price range', () => {
    const { actor, context } = start();
    actor.send({ type: 'FILTER', patch: { priceMin: 30, priceMax: 10 } });
    expect(context().filter).toMatchObject({ priceMin: 10, priceMax: 30 });
  });

  it('a filter that matches nothing is marked not found and the filters reset, the URL replaced', () => {
    const { actor, context, publish } = start();
    actor.send({ type: 'FILTER', patch: { brands: 'dior' } });
    actor.send({ type: 'FILTER', patch: { categories: 'mascara' } });
    expect(context()).toMatchObject({ notFound: true, filter: DEFAULT_FILTER, page: 1 });
    expect(context().result?.total).toBe(3);
    expect(publish).toHaveBeenLastCalledWith({ query: expect.objectContaining({ filter: DEFAULT_FILTER }), replace: true });
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
    expect(context().result?.total).toBe(2);
  });

  it('reads the page again when the catalogue changes', () => {
    const { actor, context } = start({ page: 1 });
    actor.send({ type: 'CATALOGUE', peek: listed([...products, makeProduct({ brand: 'fenty' })]) });
    expect(context().result?.total).toBe(4);
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
      const { actor, context } = start({ filter: { ...nothing, categories: 'mascara' }, category: 'mascara', peek: () => undefined });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(context().notFound).toBe(false);
      actor.send({ type: 'CATALOGUE', peek: listed(products) });
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

  describe('pages asked of the server (a paged catalogue)', () => {
    /** A page the server answered, written down: these products, on one page. */
    const answered = (items: Product[]): CataloguePage => ({
      items,
      page: 1,
      pageCount: 1,
      total: items.length,
      facets: { brands: [], categories: [], colours: [] },
    });
    const [, nyxMascara, nyxBlush] = products as [Product, Product, Product];

    it('asks for the page it does not know, showing none until it is answered', async () => {
      const backend = server();
      const { actor, context } = start({ page: 1, peek: () => undefined, fetchPage: backend.fetchPage });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(backend.last().request).toEqual({ filter: DEFAULT_FILTER, sort: 'popular', page: 1 });
      expect(context().result).toBeNull();
      const everything = answered(products);
      backend.last().answer(everything);
      await settle();
      expect(actor.getSnapshot().value).toBe('ready');
      expect(context().result).toEqual(everything);
      expect(context().result?.total).toBe(3);
    });

    it('keeps the last page shown while the next loads; only the latest answer counts', async () => {
      const backend = server();
      const { actor, context } = start({ page: 1, peek: listed(products), fetchPage: backend.fetchPage });
      actor.send({ type: 'CATALOGUE', peek: () => undefined });
      backend.last().answer(answered(products));
      await settle();
      actor.send({ type: 'FILTER', patch: { brands: 'nyx' } });
      const stale = backend.last();
      actor.send({ type: 'FILTER', patch: { offers: true } });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      expect(context().result?.total).toBe(3);
      stale.answer(answered([nyxMascara, nyxBlush]));
      backend.last().answer(answered([nyxBlush]));
      await settle();
      expect(stale.request.filter).toMatchObject({ brands: 'nyx', offers: false });
      expect(backend.last().request.filter).toMatchObject({ brands: 'nyx', offers: true });
      expect(context().result?.total).toBe(1);
    });

    it('a filter set while loading is kept and published, never a no-match before its answer', async () => {
      const backend = server();
      const { actor, context, publish } = start({ page: 1, peek: () => undefined, fetchPage: backend.fetchPage });
      actor.send({ type: 'FILTER', patch: { brands: 'dior', categories: 'blush' } });
      expect(context()).toMatchObject({ notFound: false, filter: { brands: 'dior', categories: 'blush' }, page: 1 });
      expect(publish).toHaveBeenLastCalledWith({
        query: expect.objectContaining({ filter: expect.objectContaining({ brands: 'dior' }) }),
        replace: false,
      });
      expect(backend.last().request.filter).toMatchObject({ brands: 'dior', categories: 'blush' });
      backend.last().answer(answered([]));
      await settle();
      expect(context()).toMatchObject({ notFound: true, filter: DEFAULT_FILTER });
      expect(publish).toHaveBeenLastCalledWith({ query: expect.objectContaining({ filter: DEFAULT_FILTER }), replace: true });
      expect(backend.last().request.filter).toEqual(DEFAULT_FILTER);
      backend.last().answer(answered(products));
      await settle();
      expect(actor.getSnapshot().value).toBe('ready');
      expect(context()).toMatchObject({ notFound: true, result: { total: 3 } });
    });

    it('a failed read waits for Retry, which asks again', async () => {
      const backend = server();
      const { actor, context } = start({ page: 1, peek: () => undefined, fetchPage: backend.fetchPage });
      backend.last().fail();
      await settle();
      expect(actor.getSnapshot().value).toBe('failed');
      actor.send({ type: 'RETRY' });
      expect(backend.asked).toHaveLength(2);
      expect(backend.last().request).toEqual(backend.asked[0]!.request);
      backend.last().answer(answered(products));
      await settle();
      expect(context().result?.total).toBe(3);
    });
  });
});
