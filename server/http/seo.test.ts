import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prebuildText } from './prebuilt';
import { registerSeoRoutes, type SeoDependencies } from './seo';

vi.mock('./prebuilt', async (actual) => {
  const module = await actual<typeof import('./prebuilt')>();
  return { ...module, prebuildText: vi.fn(module.prebuildText) };
});

const made = vi.mocked(prebuildText);
const actual = made.getMockImplementation()!;

function served(deps: Partial<SeoDependencies>) {
  const app = Fastify();
  registerSeoRoutes(app, { productIds: async () => [1, 2], catalogueVersion: () => '1', origin: () => 'https://shop.example', ...deps });
  return app;
}

describe('the sitemaps', () => {
  // Block bodies: a function a hook returns is run as its teardown, and these return the mock.
  beforeEach(() => {
    made.mockClear();
  });
  afterEach(() => {
    made.mockImplementation(actual);
  });

  it('are made again only when the ids they list change, read again at each change other than stock or ratings', async () => {
    let ids = [1, 2, 3];
    let version = String(2 ** 20);
    const reads: number[][] = [];
    const app = served({ productIds: async () => (reads.push(ids), [...ids]), catalogueVersion: () => version });
    const sitemap = async () => (await app.inject({ url: '/sitemap.xml' })).body;

    const first = await sitemap();
    expect(made).toHaveBeenCalledTimes(1);
    version = String(2 * 2 ** 20);
    expect(await sitemap()).toBe(first);
    expect(reads).toHaveLength(2);
    expect(made).toHaveBeenCalledTimes(1);

    ids = [1, 3];
    version = String(3 * 2 ** 20);
    const after = await sitemap();
    expect(after).not.toContain('/detail/2<');
    expect(after).toContain('/detail/3<');
    expect(made).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it("are made once for every Host they are asked by, naming the shop's own origin", async () => {
    const app = served({});
    const bodies = await Promise.all(
      ['a.example', 'b.example', 'shop.example'].map(async (host) => (await app.inject({ url: '/sitemap.xml', headers: { host } })).body),
    );
    for (const body of bodies) expect(body).toContain('<loc>https://shop.example/detail/2</loc>');
    expect(made).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('name the origin the shop has when asked: the address it listens on once it listens', async () => {
    let origin = 'http://localhost';
    const app = served({ origin: () => origin });
    expect((await app.inject({ url: '/sitemap.xml' })).body).toContain('<loc>http://localhost/detail/2</loc>');
    origin = 'http://127.0.0.1:4321';
    expect((await app.inject({ url: '/sitemap.xml' })).body).toContain('<loc>http://127.0.0.1:4321/detail/2</loc>');
    await app.close();
  });

  it('are made again at the next request when making them failed', async () => {
    made.mockRejectedValueOnce(new Error('out of memory'));
    const app = served({});
    expect((await app.inject({ url: '/sitemap.xml' })).statusCode).toBe(500);
    const again = await app.inject({ url: '/sitemap.xml' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<loc>https://shop.example/detail/2</loc>');
    await app.close();
  });
});
