import { assign, fromPromise, setup } from 'xstate';
import type { Filter, Sort } from '~/src/domain/catalogue';
import type { PageRequest } from '~/src/domain/pageRequest';
import { pageMatchesNothing, resetFilter } from '~/src/domain/catalogueQuery';
import type { CatalogueQuery } from '~/src/domain/catalogueUrl';
import type { Category } from '~/src/domain/constants';
import { normalizePriceRange } from '~/src/domain/priceFilter';
import type { CataloguePage } from '~/src/domain/types';

/** A page already known, read at once: from the list the browser holds, or embedded in a server-rendered page; undefined when it must be asked for. */
export type PeekPage = (request: PageRequest) => CataloguePage | undefined;

export type CatalogueFilterEvent =
  | { type: 'SORT'; sort: Sort }
  | { type: 'FILTER'; patch: Partial<Filter> }
  | { type: 'RESET' }
  | { type: 'PAGE'; page: number }
  | { type: 'TOGGLE_PANEL' }
  | { type: 'RETRY' }
  /** The catalogue changed (the list arrived or was refreshed, or a paged catalogue's revision moved): the page is read again. */
  | { type: 'CATALOGUE'; peek: PeekPage }
  | ({ type: 'FROM_URL' } & CatalogueQuery);

export interface CatalogueFilterContext extends CatalogueQuery {
  /** The page's own category (/listproducts/{category}): no reset clears it. */
  category: Category | undefined;
  /** The page shown: the last one answered (kept while the next loads); null until the first answer. */
  result: CataloguePage | null;
  /** The last filter matched nothing: the no-match text shows and the filters were reset. */
  notFound: boolean;
  panelOpen: boolean;
  peek: PeekPage;
}

export interface CatalogueFilterInput extends CatalogueQuery {
  category?: Category | undefined;
  peek?: PeekPage | undefined;
}

/** What `publish` writes to the URL; `replace` when it corrects a URL rather than records a shopper's step. */
export interface Publication {
  query: CatalogueQuery;
  replace: boolean;
}

function nextFilter(current: Filter, patch: Partial<Filter>): Filter {
  const merged = { ...current, ...patch };
  const [priceMin, priceMax] = normalizePriceRange(merged.priceMin, merged.priceMax);
  return { ...merged, priceMin, priceMax };
}

const request = ({ filter, sort, page }: CatalogueFilterContext): PageRequest => ({ filter, sort, page });
const nothingIn = (page: CataloguePage | undefined, context: CatalogueFilterContext) =>
  page !== undefined && pageMatchesNothing(page, context.filter, context.category);
const step = ({ context }: { context: CatalogueFilterContext }): Publication => ({ query: context, replace: false });
/** A no-match's reset replaces the URL: it corrects it rather than records a step. */
const correction = ({ context }: { context: CatalogueFilterContext }): Publication => ({ query: context, replace: true });

/**
 * The catalogue's sort, filters and page, and the page of products they
 * show. A change of sort or filter goes back to page 1; a filter that
 * matches nothing marks notFound and resets the filters (a category page
 * keeps its category), replacing the URL. A page is read with `peek` when it
 * is already known, else asked of `fetchPage` (injected: the held list, or
 * the server); the last page stays shown while the next one loads, and a
 * failed read waits in `failed` for RETRY. `publish` (injected) writes the
 * state to the URL.
 */
export const catalogueFilterMachine = setup({
  types: {
    context: {} as CatalogueFilterContext,
    events: {} as CatalogueFilterEvent,
    input: {} as CatalogueFilterInput,
  },
  actors: {
    fetchPage: fromPromise<CataloguePage, PageRequest>(() => {
      throw new Error('catalogue filter machine: provide the "fetchPage" actor');
    }),
  },
  actions: {
    publish: (_, _publication: Publication) => {},
  },
  guards: {
    peekedNothing: ({ context }) => nothingIn(context.peek(request(context)), context),
    peeked: ({ context }) => context.peek(request(context)) !== undefined,
  },
}).createMachine({
  id: 'catalogueFilter',
  context: ({ input }) => ({
    filter: input.filter,
    sort: input.sort,
    page: input.page,
    category: input.category,
    result: null,
    notFound: false,
    panelOpen: false,
    peek: input.peek ?? (() => undefined),
  }),
  initial: 'reading',
  on: {
    TOGGLE_PANEL: { actions: assign({ panelOpen: ({ context }) => !context.panelOpen }) },
    SORT: {
      target: '.reading',
      actions: [assign({ sort: ({ event }) => event.sort, page: 1, notFound: false }), { type: 'publish', params: step }],
    },
    RESET: {
      target: '.reading',
      actions: [
        assign({ filter: ({ context }) => resetFilter(context.category), page: 1, notFound: false }),
        { type: 'publish', params: step },
      ],
    },
    PAGE: { target: '.reading', actions: [assign({ page: ({ event }) => Math.max(1, event.page) }), { type: 'publish', params: step }] },
    FILTER: {
      target: '.reading',
      actions: [
        assign({ filter: ({ context, event }) => nextFilter(context.filter, event.patch), page: 1, notFound: false }),
        { type: 'publish', params: step },
      ],
    },
    FROM_URL: {
      target: '.reading',
      actions: assign(({ event }) => ({ filter: event.filter, sort: event.sort, page: event.page, notFound: false })),
    },
    CATALOGUE: { target: '.reading', actions: assign(({ event }) => ({ peek: event.peek })) },
  },
  states: {
    /** The page known at once is shown; one that matches nothing resets the filters (and the URL) first. */
    reading: {
      always: [
        {
          guard: 'peekedNothing',
          target: 'reading',
          reenter: true,
          actions: [
            assign({ filter: ({ context }) => resetFilter(context.category), page: 1, notFound: true }),
            { type: 'publish', params: correction },
          ],
        },
        { guard: 'peeked', target: 'ready', actions: assign({ result: ({ context }) => context.peek(request(context))! }) },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => request(context),
        onDone: [
          {
            guard: ({ context, event }) => nothingIn(event.output, context),
            target: 'reading',
            actions: [
              assign({ filter: ({ context }) => resetFilter(context.category), page: 1, notFound: true }),
              { type: 'publish', params: correction },
            ],
          },
          { target: 'ready', actions: assign({ result: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
