import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BIG_ANSWER_BYTES, prebuild, prebuildJson, sendPrebuilt } from './prebuilt';

const BODY = JSON.stringify({ products: 'x'.repeat(2000) });

async function served() {
  const answer = prebuild(BODY, 'application/json');
  const app = Fastify();
  app.get('/', (request, reply) => sendPrebuilt(request, reply, answer));
  return { app, answer };
}

describe('a prebuilt answer', () => {
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=0, gzip;q=0, *', undefined],
    ['*;q=0', undefined],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['GZIP', 'gzip'],
    ['BR, Gzip', 'br'],
    ['br;q=0.1, gzip', 'gzip'],
    ['identity', undefined],
    ['', undefined],
  ] as const) {
    it(`is sent ${encoding ?? 'plain'} to a client accepting "${acceptEncoding}"`, async () => {
      const { app } = await served();
      const response = await app.inject({ url: '/', headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('accept-encoding');
      if (!encoding) expect(response.body).toBe(BODY);
    });
  }

  it('is made brotli only; its gzip is made the first time a client asks for it, and kept', async () => {
    const { app, answer } = await served();
    const made = answer.bytes();
    expect(made).toBe(answer.br.length);
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    const gzip = answer.gzip();
    // The plain bytes it was made from are not kept.
    expect(answer.bytes()).toBe(made + gzip.length);
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.gzip()).toBe(gzip);
    expect(gunzipSync(gzip).toString()).toBe(BODY);
  });

  it('tells, when it has one to tell, that the bytes it holds changed: its gzip made, its brotli compressed well', async () => {
    const told: number[] = [];
    const answer = await prebuildJson({ items: [BODY] }, 200, () => told.push(answer.bytes()));
    const app = Fastify();
    app.get('/', (request, reply) => sendPrebuilt(request, reply, answer));
    const fast = answer.br;
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(told).toEqual([fast.length + answer.gzip().length]);
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await vi.waitFor(() => expect(answer.br).not.toBe(fast));
    expect(told).toEqual([fast.length + answer.gzip().length, answer.br.length + answer.gzip().length]);
  });

  it('counts what it holds: each of its encodings in a buffer of its own, not a view of a larger one (zlib answers a small result so)', async () => {
    const { app, answer } = await served();
    const fast = answer.br;
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    // Its brotli compressed well in place of the fast bytes first.
    await vi.waitFor(() => expect(answer.br).not.toBe(fast));
    expect(answer.br.buffer.byteLength + answer.gzip().buffer.byteLength).toBe(answer.bytes());
    const json = await prebuildJson({ items: [BODY] });
    expect(json.br.buffer.byteLength).toBe(json.bytes());
    // A big answer compressed in the thread pool to a few KB: Buffer.concat would give a view of its shared pool.
    const big = await prebuildJson(Array.from({ length: 20_000 }, () => 'x'.repeat(60)));
    expect(big.br.length).toBeLessThan(4096);
    expect(big.br.buffer.byteLength + big.gzip().buffer.byteLength).toBe(big.bytes());
  });

  it('is compressed fast when made and, once sent again, well, in place of the fast bytes', async () => {
    const body = JSON.stringify(
      Array.from({ length: 300 }, (_, id) => ({
        id,
        name: `Velvet Lipstick ${id % 17}`,
        description: `<p>Shade ${id * 7919} of a long-wearing colour.</p>`,
      })),
    );
    const answer = prebuild(body, 'application/json');
    const app = Fastify();
    app.get('/', (request, reply) => sendPrebuilt(request, reply, answer));
    const fast = answer.br;
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answer.br).toBe(fast);
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await vi.waitFor(() => expect(answer.br).not.toBe(fast));
    expect(answer.br.length).toBeLessThan(fast.length);
    expect(brotliDecompressSync(answer.br).toString()).toBe(body);
    expect(answer.bytes()).toBe(answer.br.length);
    const well = answer.br;
    const sent = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(sent.rawPayload.equals(well)).toBe(true);
    expect(sent.headers['content-length']).toBe(String(well.length));
    // Compressed well once: later sends leave it.
    for (let send = 0; send < 3; send++) await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answer.br).toBe(well);
  });

  it('is compressed well only for its brotli sent again: a 304 or a gzip send does not count', async () => {
    const body = JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `Matte Blush ${id % 13}` })));
    const answer = prebuild(body, 'application/json');
    const app = Fastify();
    app.get('/', (request, reply) => sendPrebuilt(request, reply, answer));
    const fast = answer.br;
    for (const headers of [
      { 'if-none-match': answer.etag, 'accept-encoding': 'br' },
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br' },
    ])
      await app.inject({ url: '/', headers });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answer.br).toBe(fast);
    await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await vi.waitFor(() => expect(answer.br).not.toBe(fast));
  });

  it('is compressed well one answer at a time: one sent again meanwhile is compressed at a later send', async () => {
    const [first, second] = ['Glow Palette', 'Lash Mascara'].map((name) =>
      prebuild(JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `${name} ${id % 11}` }))), 'application/json'),
    );
    const [firstFast, secondFast] = [first!.br, second!.br];
    for (const answer of [first!, first!, second!, second!]) answer.sentBrotli();
    await vi.waitFor(() => expect(first!.br).not.toBe(firstFast));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second!.br).toBe(secondFast);
    second!.sentBrotli();
    await vi.waitFor(() => expect(second!.br).not.toBe(secondFast));
  });

  it('keeps no plain bytes: a client that takes no compression has them unpacked at each ask', async () => {
    const { app, answer } = await served();
    const held = answer.bytes();
    for (let ask = 0; ask < 2; ask++) expect((await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body).toBe(BODY);
    expect(answer.bytes()).toBe(held);
    expect(answer.plain()).not.toBe(answer.plain());
  });

  it('unpacks a page-sized answer for such a client in the thread pool, a small one at once', async () => {
    const page = '<p>Rouge</p>'.repeat(20_000);
    const paged = prebuild(page, 'text/html');
    const plain = paged.plain();
    expect(plain).toBeInstanceOf(Promise);
    expect((await plain).toString()).toBe(page);
    expect(prebuild('{"ok":true}', 'application/json').plain()).toBeInstanceOf(Buffer);
  });
});

describe('a prebuilt JSON answer', () => {
  const row = (id: number) => ({ id, name: `Product ${id}`, description: 'd'.repeat(400), shades: [{ hex: '#c26a6f' }], gone: undefined });

  for (const [what, value] of [
    ['a catalogue page', { items: [row(1)], page: 1 }],
    ['a short list', [row(1), undefined, row(2)]],
    ['a list long enough to be made a slice at a time', Array.from({ length: 1200 }, (_, i) => (i === 700 ? null : row(i)))],
    ['a big list', Array.from({ length: 4000 }, (_, i) => row(i))],
  ] as const) {
    it(`is JSON.stringify's bytes in every encoding, under the same tag as prebuild gives (${what})`, async () => {
      const json = JSON.stringify(value);
      const answer = await prebuildJson(value);
      expect(brotliDecompressSync(answer.br).toString()).toBe(json);
      expect(gunzipSync(answer.gzip()).toString()).toBe(json);
      expect((await answer.plain()).toString()).toBe(json);
      expect(answer.etag).toBe(prebuild(json, 'application/json').etag);
      expect(answer.headers.identity['content-type']).toBe('application/json');
    });
  }

  it('is a big answer: its fast brotli is kept however often it is sent (compressing it well would hold the thread pool for seconds)', async () => {
    const answer = await prebuildJson(Array.from({ length: 4000 }, (_, i) => row(i)));
    const fast = answer.br;
    const app = Fastify();
    app.get('/', (request, reply) => sendPrebuilt(request, reply, answer));
    for (let send = 0; send < 3; send++) await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(answer.br).toBe(fast);
  });

  it('does not keep the plain bytes of a big answer, nor unpack them on the event loop', async () => {
    const value = Array.from({ length: 4000 }, (_, i) => row(i));
    expect(JSON.stringify(value).length).toBeGreaterThan(BIG_ANSWER_BYTES);
    const answer = await prebuildJson(value, 201);
    expect(answer.status).toBe(201);
    const plain = answer.plain();
    expect(plain).toBeInstanceOf(Promise);
    // Unpacked again at each ask: two asks, two copies.
    expect((await answer.plain()) === (await plain)).toBe(false);
  });
});
