import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '~/server/core/api';
import { routesFrom } from '~/server/core/contract';
import { contractDocument } from '~/server/core/document';
import { buildApp } from '~/server/http/app';
import { rawRequest } from './rawRequest';

/** The whole list of a 100,000-product catalogue: some 70 MB of JSON (the seeded shop's is 58 MB). */
const PRODUCTS = 100_000;
const WORDS = [
  'velvet',
  'matte',
  'glow',
  'rose',
  'nude',
  'berry',
  'satin',
  'vitamin',
  'jojoba',
  'long-wearing',
  'shea',
  'coral',
  'silk',
  'cocoa',
  'pearl',
  'amber',
];
/** A seeded generator (mulberry32): descriptions as varied as the real ones, so that they compress as slowly. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(12);
const description = () =>
  `<p>${Array.from({ length: 60 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')} ${Math.floor(random() * 1e9).toString(36)}.</p>`;
const list = Array.from({ length: PRODUCTS }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  brand: 'dior',
  category: 'lipstick',
  price: 10 + (i % 90),
  discount: 0,
  stock: 5,
  description: description(),
  image: '/images/products/lipstick-c26a6f.svg',
  rank: 4.5,
  reviews: i,
  disable: false,
  createdAt: '2025-06-30T01:36:48.148Z',
  shades: [{ id: i + 1, hex: '#c26a6f', name: 'Rosewood', stock: 5, image: '/images/products/lipstick-c26a6f.svg' }],
  totalPrice: 10 + (i % 90),
}));
/**
 * Far longer than the health check takes even on a loaded machine, far
 * shorter than what making the big list holds the server for when it is
 * compressed on the event loop (12 s on a busy two-core machine).
 */
const RESPONSIVE_MS = 1000;

let app: FastifyInstance;
let origin: string;
const version = { current: 1 };
/** How many times the core was asked for the list. */
let listsMade = 0;

beforeAll(async () => {
  const routes = routesFrom(contractDocument);
  // The core stands aside: what is measured here is the HTTP layer's own work on a big answer.
  const api: Api = {
    routes,
    identify: async () => null,
    refusal: async () => null,
    handle: async (route) => {
      if (route.operationId !== 'listProducts') return { status: 200, body: { status: 'ok' } };
      listsMade++;
      return { status: 200, body: list };
    },
  };
  app = await buildApp({
    api,
    catalogueVersion: () => String(version.current),
    enabledProductIds: async () => [],
    storefrontCatalogue: async () => [],
    afterWrite: async () => undefined,
    uploadsDir: await mkdtemp(join(tmpdir(), 'uploads-')),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);
afterAll(() => app.close());

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(`${origin}${path}`, headers);

describe('a big catalogue answer', () => {
  it('is made without holding up the other requests: /api/health answers at once meanwhile', async () => {
    version.current++;
    const waits: number[] = [];
    let listed = false;
    const listing = get('/api/products', { 'accept-encoding': 'br' }).finally(() => (listed = true));
    while (!listed) {
      const start = performance.now();
      expect((await get('/api/health')).status).toBe(200);
      waits.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await listing).status).toBe(200);
    expect(Math.max(...waits)).toBeLessThan(RESPONSIVE_MS);
    expect(waits.length).toBeGreaterThan(1);
  }, 120_000);

  it('is the same JSON in every encoding, under one ETag, made once for the askers of one version', async () => {
    version.current++;
    const before = listsMade;
    const [br, gzip, plain] = await Promise.all([
      get('/api/products', { 'accept-encoding': 'br' }),
      get('/api/products', { 'accept-encoding': 'gzip' }),
      get('/api/products'),
    ]);
    const expected = JSON.stringify(list);
    expect([br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding']]).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    expect(brotliDecompressSync(br.body).toString()).toBe(expected);
    expect(gunzipSync(gzip.body).toString()).toBe(expected);
    expect(plain.body.toString()).toBe(expected);
    for (const answer of [br, gzip, plain]) expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(new Set([br, gzip, plain].map((answer) => answer.headers.etag)).size).toBe(1);
    expect(listsMade).toBe(before + 1);
    const again = await get('/api/products', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
  }, 120_000);
});
