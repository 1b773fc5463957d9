import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Reply } from '../core/context';
import type { Route } from '../core/contract';

interface Entry {
  version: string;
  status: number;
  body: Buffer;
  /** The same bytes gzipped once, for clients that accept it. */
  gzipped: Buffer;
  etag: string;
}

const MAX_ENTRIES = 500;

/**
 * Anonymous catalogue reads (product list, search, detail) are serialised
 * once per catalogue version and sent as prebuilt bytes with an ETag. The
 * version lives in the database, so every server process agrees on it.
 * Requests with a token are not cached: an Admin sees disabled products too.
 */
export function createCatalogueCache(currentVersion: () => string) {
  const entries = new Map<string, Entry>();

  return {
    cacheable: (route: Route) => route.method === 'get' && (route.operationId === 'listProducts' || route.operationId === 'getProduct'),

    /** Only for requests without a token. */
    async serve(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<Reply>) {
      const version = currentVersion();
      let entry = entries.get(request.url);
      if (!entry || entry.version !== version) {
        const result = await compute();
        const body = Buffer.from(JSON.stringify(result.body));
        const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
        entry = { version, status: result.status, body, gzipped: gzipSync(body), etag };
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(request.url, entry);
      }
      reply.code(entry.status).type('application/json').header('etag', entry.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (entry.status === 200 && request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(entry.gzipped);
      return reply.send(entry.body);
    },
  };
}
