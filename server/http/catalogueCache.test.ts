import { request as httpRequest, type IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routesFrom } from '../core/contract';
import { contractDocument } from '../core/document';
import { createCatalogueCache } from './catalogueCache';
import type { HotCacheLimits } from './hotCache';

const listProducts = routesFrom(contractDocument).find((route) => route.operationId === 'listProducts')!;

/** A server answering GET /products through the catalogue cache, counting what it computes. */
async function cachedServer(version: { current: string }, limits?: HotCacheLimits, maxAddresses?: number) {
  const cache = createCatalogueCache(() => version.current, limits, maxAddresses);
  const computed: string[] = [];
  const app = Fastify();
  app.get('/products', (request, reply) => {
    const query = request.query as Record<string, string>;
    return cache.serve(listProducts, { path: {}, query }, request, reply, async () => {
      computed.push(new URLSearchParams(query).toString());
      return { status: 200, body: { computed: computed.length } };
    });
  });
  return { app, computed, cache };
}

/** A visitor's GET as Node hands it over, before any routing. */
const visitorGet = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', url, headers }) as IncomingMessage;

describe('the catalogue cache', () => {
  it('computes a catalogue page once per version, whatever the order of its parameters', async () => {
    const version = { current: '1' };
    const { app, computed } = await cachedServer(version);
    const ask = async (url: string) => (await app.inject({ url })).json() as { computed: number };
    expect(await ask('/products?page=2&brand=dior&sort=A-Z')).toEqual({ computed: 1 });
    expect(await ask('/products?sort=A-Z&page=2&brand=dior')).toEqual({ computed: 1 });
    expect(await ask('/products?page=3&brand=dior&sort=A-Z')).toEqual({ computed: 2 });
    version.current = '2';
    expect(await ask('/products?page=2&brand=dior&sort=A-Z')).toEqual({ computed: 3 });
    expect(computed).toHaveLength(3);
  });

  it('reads a name in any case once, as the search ignores case', async () => {
    const { app } = await cachedServer({ current: '1' });
    const ask = async (url: string) => (await app.inject({ url })).json() as { computed: number };
    for (const name of ['glow', 'Glow', 'GLOW']) expect(await ask(`/products?page=1&name=${name}`)).toEqual({ computed: 1 });
    expect(await ask('/products?name=GLOW')).toEqual({ computed: 2 });
    expect(await ask('/products?name=glow')).toEqual({ computed: 2 });
    expect(await ask('/products?page=1&name=glo')).toEqual({ computed: 3 });
  });

  it('still serves the pages in demand from memory after a flood of distinct queries', async () => {
    // A cache of 8 entries a segment, flooded with ten times that many distinct queries.
    const limits = { entries: 8, bytes: 1024 * 1024 };
    const { app, computed } = await cachedServer({ current: '1' }, limits);
    const hot = ['page=1', 'page=1&sort=newest', 'page=1&offers=true'];
    for (const query of [...hot, ...hot]) await app.inject({ url: `/products?${query}` });
    for (let flood = 1; flood <= limits.entries * 10; flood++) await app.inject({ url: `/products?page=${flood}&pageSize=${(flood % 48) + 1}` });
    const before = computed.length;
    for (const query of hot) await app.inject({ url: `/products?${query}` });
    expect(computed.length).toBe(before);
    // The flood itself was let go: its first query is computed again.
    await app.inject({ url: '/products?page=1&pageSize=2' });
    expect(computed.length).toBe(before + 1);
  });

  it('keeps nothing for a query the contract refuses', async () => {
    const { app, computed } = await cachedServer({ current: '1' });
    expect((await app.inject({ url: '/products?page=0' })).statusCode).toBe(400);
    expect(computed).toEqual([]);
  });

  it('answers early only a target the router answered, in this version, for a visitor', async () => {
    const version = { current: '1' };
    const { app, cache } = await cachedServer(version);
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
    const routed = await app.inject({ url: '/products?page=2' });
    expect(cache.early(visitorGet('/products?page=2'))?.etag).toBe(routed.headers.etag);
    expect(cache.early(visitorGet('/products?page=2', { authorization: 'Bearer x' }))).toBeUndefined();
    expect(cache.early({ ...visitorGet('/products?page=2'), method: 'HEAD' } as IncomingMessage)).toBeUndefined();
    await app.inject({ url: '/products?page=0' });
    expect(cache.early(visitorGet('/products?page=0'))).toBeUndefined();
    version.current = '2';
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
  });

  it('remembers a bounded number of targets, letting go of the least recently asked', async () => {
    const { app, cache } = await cachedServer({ current: '1' }, undefined, 4);
    await app.inject({ url: '/products?page=1' });
    for (let flood = 2; flood <= 20; flood++) {
      await app.inject({ url: `/products?page=${flood}` });
      expect(cache.early(visitorGet('/products?page=1')), `after page ${flood}`).toBeDefined();
    }
    expect(cache.early(visitorGet('/products?page=2'))).toBeUndefined();
    expect(cache.early(visitorGet('/products?page=20'))).toBeDefined();
  });

  it.each(['a visitor', 'a signed-in caller'] as const)('makes whole lists one at a time, and none that nobody waits for any more, for %s', async (caller) => {
    const cache = createCatalogueCache(() => '1');
    /** The searches begun, and how to let each finish. */
    const begun: string[] = [];
    const finish = new Map<string, () => void>();
    const app = Fastify();
    app.get('/products', (request, reply) => {
      const query = request.query as Record<string, string>;
      const compute = async () => {
        begun.push(query.name!);
        await new Promise<void>((resolve) => finish.set(query.name!, resolve));
        return { status: 200, body: [query.name] };
      };
      // A signed-in caller's list is never kept: one shopper asking for them all.
      return caller === 'a visitor' ? cache.serve(listProducts, { path: {}, query }, request, reply, compute) : cache.serveWholeList('uid:ana', request, reply, compute);
    });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const ask = (name: string) => {
      const sent = httpRequest(`${origin}/products?name=${name}`);
      const answer = new Promise<string>((resolve, reject) => {
        sent.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString())).on('end', () => resolve(body));
        });
        sent.on('error', reject);
      });
      sent.end();
      return {
        answer,
        leave: () => {
          answer.catch(() => undefined);
          sent.destroy();
        },
      };
    };
    try {
      const first = ask('first');
      await settle();
      // Three more searches sent while the first is made, then given up; a fourth still waited for.
      const given = ['gone1', 'gone2', 'gone3'].map(ask);
      const waited = ask('waited');
      await settle();
      expect(begun).toEqual(['first']);
      for (const each of given) each.leave();
      await settle();
      finish.get('first')!();
      expect(await first.answer).toBe('["first"]');
      await settle();
      expect(begun).toEqual(['first', 'waited']);
      finish.get('waited')!();
      expect(await waited.answer).toBe('["waited"]');
      // A list let go of unmade is made when asked for again.
      const again = ask('gone2');
      await settle();
      finish.get('gone2')!();
      expect(await again.answer).toBe('["gone2"]');
      expect(begun).toEqual(['first', 'waited', 'gone2']);
    } finally {
      await app.close();
    }
  });
});
