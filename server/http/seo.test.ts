import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { prebuildBig } from './prebuilt';
import { registerSeoRoutes } from './seo';

vi.mock('./prebuilt', async (actual) => {
  const module = await actual<typeof import('./prebuilt')>();
  return { ...module, prebuildBig: vi.fn(module.prebuildBig) };
});

describe('the sitemaps', () => {
  it('are made again only when the ids they list change, read again at each change other than stock or ratings', async () => {
    let ids = [1, 2, 3];
    let version = String(2 ** 20);
    const reads: number[][] = [];
    const app = Fastify();
    registerSeoRoutes(app, { productIds: async () => (reads.push(ids), [...ids]), catalogueVersion: () => version, origin: () => 'https://shop.example' });
    const made = vi.mocked(prebuildBig);
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

  it('are written and compressed one at a time, each origin asked for answered with its own', async () => {
    const made = vi.mocked(prebuildBig);
    const actual = made.getMockImplementation()!;
    let running = 0;
    let most = 0;
    made.mockImplementation(async (body, type) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return actual(body, type);
    });
    const app = Fastify();
    registerSeoRoutes(app, { productIds: async () => [1, 2], catalogueVersion: () => '1', origin: (request) => `https://${request.headers.host}` });
    const hosts = ['a.example', 'b.example', 'c.example', 'd.example'];
    const bodies = await Promise.all(hosts.map(async (host) => (await app.inject({ url: '/sitemap.xml', headers: { host } })).body));
    hosts.forEach((host, i) => expect(bodies[i]).toContain(`<loc>https://${host}/detail/2</loc>`));
    expect(most).toBe(1);
    made.mockImplementation(actual);
    await app.close();
  });
});
