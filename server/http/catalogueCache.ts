import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Reply } from '../core/context';
import type { Query, Route } from '../core/contract';
import { perCatalogueVersion } from './catalogueVersion';
import { hotCache, type HotCacheLimits } from './hotCache';
import { knownAddresses } from './knownAddresses';
import { prebuild, sendPrebuilt, type Prebuilt } from './prebuilt';

/**
 * Per segment of the cache: room for every page and search in steady demand,
 * and a bound on what a flood of distinct queries can hold (the list of a
 * 100,000-product catalogue is some 15 MB brotli and gzip together).
 */
const PRODUCTION_LIMITS: HotCacheLimits = { entries: 1000, bytes: 64 * 1024 * 1024 };
const bytesOf = (answer: Prebuilt) => answer.br.length + answer.gzip.length;

/**
 * Anonymous catalogue reads (product list, search, catalogue pages, detail)
 * are serialised once per catalogue version and address and sent as prebuilt
 * bytes with an ETag; a request for a read being made waits for it. The
 * version lives in the database, so every server process agrees on it.
 * Requests with a token are not cached: an Admin sees disabled products too.
 * What is kept is bounded in entries and bytes, and reads asked for again
 * outlast a flood of reads asked for once (hotCache).
 */
export function createCatalogueCache(catalogueVersion: () => string, limits: HotCacheLimits = PRODUCTION_LIMITS, maxAddresses?: number) {
  const current = perCatalogueVersion(catalogueVersion, () => ({
    entries: hotCache<Prebuilt>(limits, bytesOf),
    /** Request targets already answered, each with the key its answer is kept under. */
    addresses: knownAddresses(maxAddresses),
  }));

  return {
    cacheable: (route: Route) => route.method === 'get' && (route.operationId === 'listProducts' || route.operationId === 'getProduct'),

    /**
     * Only for requests without a token. Kept under the operation and its
     * parameters as the contract reads them, not the raw address: `?&`,
     * `?name=a&x=1` or a reordered query name one read, not another; a
     * request the contract refuses is its 400, kept nowhere.
     */
    async serve(route: Route, input: { path: Record<string, string>; query: Query }, request: FastifyRequest, reply: FastifyReply, compute: () => Promise<Reply>) {
      const valid = route.validate({ ...input, body: undefined });
      const key = JSON.stringify([route.operationId, valid.path, Object.entries(valid.query).sort(([a], [b]) => a.localeCompare(b))]);
      const { entries, addresses } = current();
      let entry = entries.get(key);
      if (!entry) {
        const made = compute().then((result) => prebuild(JSON.stringify(result.body), 'application/json', result.status));
        entry = made;
        entries.add(key, made);
        // A failure on our side is answered, never kept.
        made.then(
          (answer) => answer.status >= 500 && entries.forget(key, made),
          () => entries.forget(key, made),
        );
      }
      const answer = await entry;
      if (answer.status < 500) addresses.remember(request.url, key);
      return sendPrebuilt(request, reply, answer);
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
      const { entries, addresses } = current();
      const key = addresses.keyOf(request.url);
      return key === undefined ? undefined : entries.made(key);
    },
  };
}
