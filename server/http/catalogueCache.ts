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

    /**
     * Only for requests without a token. Kept under the operation and its
     * parameters as the contract reads them, not the raw address: `?&`,
     * `?name=a&x=1` or a reordered query name one read, not another; a
     * request the contract refuses is its 400, kept nowhere.
     */
    async serve(route: Route, input: { path: Record<string, string>; query: Record<string, string> }, request: FastifyRequest, reply: FastifyReply, compute: () => Promise<Reply>) {
      const valid = route.validate({ ...input, body: undefined });
      const key = JSON.stringify([route.operationId, valid.path, Object.entries(valid.query).sort(([a], [b]) => a.localeCompare(b))]);
      const entries = current();
      let entry = entries.get(key);
      if (entry) {
        // Most recently used last: the oldest is the first let go of.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        const made = compute().then((result) => prebuild(JSON.stringify(result.body), 'application/json', result.status));
        entry = made;
        entries.set(key, made);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        const forget = () => {
          if (entries.get(key) === made) entries.delete(key);
        };
        // A failure on our side is answered, never kept.
        made.then((answer) => answer.status >= 500 && forget(), forget);
      }
      return sendPrebuilt(request, reply, await entry);
    },
  };
}
