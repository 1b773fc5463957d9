import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Reply } from '../core/context';
import type { Route } from '../core/contract';
import { perCatalogueVersion } from './catalogueVersion';
import { prebuild, sendPrebuilt, type Prebuilt } from './prebuilt';

const MAX_ENTRIES = 500;

/**
 * Anonymous catalogue reads (product list, search, detail) are serialised
 * once per catalogue version and address and sent as prebuilt bytes with an
 * ETag; a request for a read being made waits for it. The version lives in
 * the database, so every server process agrees on it. Requests with a token
 * are not cached: an Admin sees disabled products too.
 */
export function createCatalogueCache(catalogueVersion: () => string) {
  const current = perCatalogueVersion(catalogueVersion, () => new Map<string, Promise<Prebuilt>>());

  return {
    cacheable: (route: Route) => route.method === 'get' && (route.operationId === 'listProducts' || route.operationId === 'getProduct'),

    /** Only for requests without a token. */
    async serve(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<Reply>) {
      const entries = current();
      let entry = entries.get(request.url);
      if (!entry) {
        const made = compute().then((result) => prebuild(JSON.stringify(result.body), 'application/json', result.status));
        entry = made;
        entries.set(request.url, made);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        const forget = () => {
          if (entries.get(request.url) === made) entries.delete(request.url);
        };
        // A failure on our side is answered, never kept.
        made.then((answer) => answer.status >= 500 && forget(), forget);
      }
      return sendPrebuilt(request, reply, await entry);
    },
  };
}
