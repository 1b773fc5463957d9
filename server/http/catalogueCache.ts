import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageChanges, pageUnchanged, type Changed, type PageChange, type PageQuery } from '~/src/domain/pageUnchanged';
import type { CataloguePage, Product } from '~/src/domain/types';
import { productChanges } from '../core/catalogueChanges';
import type { Reply } from '../core/context';
import type { Query, Route } from '../core/contract';
import { indexQueryOf, type ListQuery } from '../core/operations/products';
import type { ProductRow } from '../core/ports';
import { takingTurns } from '../core/turns';
import { productView } from '../core/views';
import { hotCache, recounting, type HotCacheLimits } from './hotCache';
import { knownAddresses } from './knownAddresses';
import { jsonBytes, prebuildJson, sendPrebuilt, type Prebuilt } from './prebuilt';

/**
 * Per segment of the cache: room for every page and search in steady demand,
 * and a bound on what a flood of distinct queries can hold (the list of a
 * 100,000-product catalogue is some 15 MB brotli and gzip together). An
 * answer is counted as it is made (brotli; a big one's gzip too), and again
 * when its bytes change: a small one's gzip made for a client that takes no
 * brotli, its brotli compressed well. Plain bytes are never kept. A page is
 * 3-5 KB brotli, so the bytes bind first only past some 13,000 pages: at 1,000
 * entries the bench's shoppers, asking some 12,000 distinct pages between
 * two products sold out, found far fewer kept than they asked again, and the
 * mix ran at 6,348-6,733 req/s with a p99 of 31-33 ms, against 8,200-9,600
 * and 20-24 ms at 10,000 (each entry's own objects, some 2 KB, beside).
 */
const PRODUCTION_LIMITS: HotCacheLimits = { entries: 10_000, bytes: 64 * 1024 * 1024 };
const bytesOf = ({ answer }: Kept) => answer.bytes();

/**
 * What an answer is made of: a catalogue page's query and the products it
 * shows, the page made from the catalogue its generation read; null when it
 * may change with any product: a page made from a later catalogue (a change
 * made and undone before the next generation would go unseen), a whole list,
 * a product (read from the database, maybe later than any catalogue read).
 */
type MadeOf = { page: PageQuery; shows: readonly number[] } | null;

/** An answer kept, and what it is made of. */
interface Kept {
  answer: Prebuilt;
  madeOf: MadeOf;
}

/** What is kept for one catalogue version, or carried over from the version before. */
interface Generation {
  version: string;
  entries: ReturnType<typeof hotCache<Kept>>;
  /** The visitors waiting for each whole list whose turn has not come yet. */
  waiting: Map<string, IncomingMessage[]>;
  /** The storefront catalogue read once the version was seen, which the answers kept show (or one of later versions); unset if it could not be read. */
  catalogue?: readonly ProductRow[];
  /** Until the generation is ready, nothing is looked up in it. */
  ready: Promise<void> | null;
}
/**
 * Whole lists (GET /products without page, a name search among them) made
 * at once: each can be the whole catalogue, tens of megabytes to read,
 * serialise and compress, and a flood of distinct searches must not make
 * them all together.
 */
const WHOLE_LISTS_AT_ONCE = 1;
/** Why a whole list was not made: every visitor who asked for it had gone before its turn came. */
const ABANDONED = new Error('Nobody waits for this list any more.');

/** A read of the whole list (or a name search among it), which can be the whole catalogue. */
const isWholeList = (route: Route, query: Query) => route.operationId === 'listProducts' && query.page === undefined;

function madeOf(route: Route, query: Record<string, unknown>, whole: boolean, { status, body }: Reply): MadeOf {
  if (status !== 200 || whole || route.operationId !== 'listProducts') return null;
  return { page: indexQueryOf(query as ListQuery), shows: (body as CataloguePage).items.map(({ id }) => id) };
}

/**
 * Past this many products changed at once (a bulk edit), every answer is let
 * go of: sorting out what to keep would hold the event loop longer than
 * making the answers again costs.
 */
const MOST_CHANGES = 100;
/** Up to this many products come, gone or moved, each value is looked for (the first product that has it ends the search); past it, every value is gathered once. */
const FEW_MOVED = 4;

type FacetKey = 'brand' | 'category';

/** Whether a catalogue has a brand or category: looked for, or from every value gathered once. */
function holding(entries: readonly ProductRow[], gather: boolean): (key: FacetKey, value: string) => boolean {
  if (!gather) return (key, value) => entries.some((entry) => entry[key] === value);
  const values: Record<FacetKey, Set<string>> = {
    brand: new Set(entries.map(({ brand }) => brand)),
    category: new Set(entries.map(({ category }) => category)),
  };
  return (key, value) => values[key].has(value);
}

/**
 * Whether the storefront's brands and categories, every page's facet values,
 * are those it had: a product gone, or moved to another brand or category,
 * takes its value away if no product has it now; one come, or moved, brings
 * it if none had it before.
 */
function sameFacetValues(before: readonly ProductRow[], after: readonly ProductRow[], changes: readonly Changed<ProductRow>[]): boolean {
  const moved = changes.filter(([was, now]) => was?.brand !== now?.brand || was?.category !== now?.category);
  const [had, has] = [holding(before, moved.length > FEW_MOVED), holding(after, moved.length > FEW_MOVED)];
  return moved.every(([was, now]) =>
    (['brand', 'category'] as const).every(
      (key) => was?.[key] === now?.[key] || ((!was || has(key, was[key])) && (!now || had(key, now[key]))),
    ),
  );
}

/** Whether the answer reads the same after the changes (their products as the storefront shows them). */
const unchanged = (made: MadeOf, changes: readonly PageChange[]) => made !== null && pageUnchanged(made.page, made.shows, changes);

/**
 * Anonymous catalogue reads (product list, search, catalogue pages, detail)
 * are serialised once per catalogue version and address and sent as prebuilt
 * bytes with an ETag; a request for a read being made waits for it. The
 * version lives in the database, so every server process agrees on it. A
 * change of a few products keeps every answer it leaves as it was (a sale,
 * those that do not show the product sold).
 * Requests with a token are not cached: an Admin sees disabled products too.
 * What is kept is bounded in entries and bytes, and reads asked for again
 * outlast a flood of reads asked for once (hotCache).
 */
export function createCatalogueCache(
  catalogueVersion: () => string,
  storefront: () => Promise<readonly ProductRow[]>,
  limits: HotCacheLimits = PRODUCTION_LIMITS,
  maxAddresses?: number,
) {
  /** Request targets already answered, each with the key its answer is kept under. */
  const addresses = knownAddresses(maxAddresses);
  const empty = () => hotCache<Kept>(limits, bytesOf);
  /** The generation of a version, made ready once it has sorted out what it carries from the one before. */
  const following = (version: string, before: Generation | null): Generation => {
    const next: Generation = { version, entries: empty(), waiting: new Map(), ready: null };
    next.ready = settled(next, before);
    return next;
  };
  let generation = following(catalogueVersion(), null);

  /**
   * The new generation made ready, once the one before is: it carries over
   * what that one kept, less each answer the products changed between the
   * two catalogues change. It starts empty when the storefront's brands or
   * categories changed, or when the change cannot be told: a catalogue not
   * read, many products changed, or anything failing on the way.
   */
  async function settled(next: Generation, before: Generation | null) {
    try {
      if (before?.ready) await before.ready;
      next.catalogue = await storefront().catch(() => undefined);
      const changes = before?.catalogue && next.catalogue ? productChanges(before.catalogue, next.catalogue) : null;
      if (
        before?.catalogue &&
        next.catalogue &&
        changes &&
        changes.length <= MOST_CHANGES &&
        sameFacetValues(before.catalogue, next.catalogue, changes)
      ) {
        // Made once for every answer kept, each checked against them.
        const shown = pageChanges(changes.map(([was, now]): Changed<Product> => [was && productView(was), now && productView(now)]));
        before.entries.keepOnly((kept) => unchanged(kept.madeOf, shown));
        next.entries = before.entries;
      }
    } catch {
      // Nothing is carried, and the next generation carries nothing from this one.
      next.catalogue = undefined;
      next.entries = empty();
    }
    next.ready = null;
  }

  /** The generation of the catalogue version now, made when the version has moved. */
  const current = () => {
    const version = catalogueVersion();
    if (version !== generation.version) generation = following(version, generation);
    return generation;
  };

  const wholeLists = takingTurns(WHOLE_LISTS_AT_ONCE);

  /** The answer made for the key: a whole list in its askers' turn, and not at all if every one of them has gone by then. */
  function make(
    route: Route,
    query: Record<string, unknown>,
    key: string,
    whole: boolean,
    turn: string,
    { entries, waiting, catalogue }: Generation,
    compute: () => Promise<Reply>,
  ): Promise<Kept> {
    const made = async () => {
      const result = await compute();
      const page = madeOf(route, query, whole, result);
      // The store's catalogue only moves forward: the one read after the page is the generation's only if the page was made from it too.
      const fromItsCatalogue = page !== null && catalogue !== undefined && (await storefront().catch(() => undefined)) === catalogue;
      return { answer: await prebuildJson(result.body, result.status, recounting(entries, key)), madeOf: fromItsCatalogue ? page : null };
    };
    if (!whole) return made();
    return wholeLists(turn, () => {
      const askers = waiting.get(key) ?? [];
      waiting.delete(key);
      return askers.some((asker) => !asker.destroyed) ? made() : Promise.reject(ABANDONED);
    });
  }

  return {
    cacheable: (route: Route) => route.method === 'get' && (route.operationId === 'listProducts' || route.operationId === 'getProduct'),

    wholeList: isWholeList,

    /**
     * Only for requests without a token. Kept under the operation and its
     * parameters as the contract reads them, not the raw address: `?&`,
     * `?name=a&x=1` or a reordered query name one read, not another; a
     * request the contract refuses is its 400, kept nowhere.
     */
    async serve(
      route: Route,
      input: { path: Record<string, string>; query: Query },
      request: FastifyRequest,
      reply: FastifyReply,
      compute: () => Promise<Reply>,
    ) {
      const valid = route.validate({ ...input, body: undefined });
      // A name is searched in lower case (nameHolds; the SQL store's pattern too): its spellings in other cases are one read.
      const query = Object.entries(valid.query).map(([name, value]): [string, unknown] => [
        name,
        name === 'name' && typeof value === 'string' ? value.toLowerCase() : value,
      ]);
      const key = JSON.stringify([route.operationId, valid.path, query.sort(([a], [b]) => a.localeCompare(b))]);
      const whole = isWholeList(route, input.query);
      for (;;) {
        const serving = current();
        const { entries, waiting, ready } = serving;
        if (ready) {
          await ready;
          continue;
        }
        let entry = entries.get(key);
        if (!entry) {
          if (whole) waiting.set(key, []);
          const made = make(route, valid.query, key, whole, `ip:${request.ip}`, serving, compute);
          entry = made;
          entries.add(key, made);
          // A failure on our side is answered, never kept.
          made.then(
            ({ answer }) => answer.status >= 500 && entries.forget(key, made),
            () => entries.forget(key, made),
          );
        }
        waiting.get(key)?.push(request.raw);
        const kept = await entry.catch((error: unknown) => {
          if (error === ABANDONED) return undefined;
          throw error;
        });
        const answer = kept?.answer;
        if (!answer) {
          // Let go of unmade as this visitor had gone too, or just as it came: asked for again only for one still waiting.
          if (request.raw.destroyed) return reply.send();
          continue;
        }
        if (answer.status < 500) addresses.remember(request.url, key);
        return sendPrebuilt(request, reply, answer);
      }
    },

    /**
     * A signed-in caller's whole list, never kept (an Admin's holds disabled
     * products too): made in turns as a visitor's, its JSON a slice at a
     * time, and not at all if the caller has gone before its turn.
     */
    async serveWholeList(turn: string, request: FastifyRequest, reply: FastifyReply, compute: () => Promise<Reply>) {
      const made = await wholeLists(turn, async () => {
        if (request.raw.destroyed) return undefined;
        const result = await compute();
        return { status: result.status, bytes: result.body === undefined ? undefined : await jsonBytes(result.body) };
      });
      if (!made) return reply.send();
      const { status, bytes } = made;
      reply.code(status);
      // The type Fastify gives the JSON it serialises itself.
      return bytes ? reply.type('application/json; charset=utf-8').send(bytes) : reply.send();
    },

    /**
     * The kept answer for a request the router has already sent here once,
     * found by its exact target before any routing, hook or parsing: what a
     * product or catalogue read costs is then about what sending its bytes
     * costs. Only a visitor's GET; anything else, or an answer no longer
     * kept, goes the usual way.
     */
    early(request: IncomingMessage): Prebuilt | undefined {
      if (request.method !== 'GET' || request.headers.authorization !== undefined || !request.url) return undefined;
      const { entries, ready } = current();
      const key = ready ? undefined : addresses.keyOf(request.url);
      return key === undefined ? undefined : entries.made(key)?.answer;
    },
  };
}
