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

  it('are written and compressed one at a time, each origin asked for answered with its own', async () => {
    let running = 0;
    let most = 0;
    made.mockImplementation(async (text, type) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return actual(text, type);
    });
    const app = served({ origin: (request) => `https://${request.headers.host}` });
    const hosts = ['a.example', 'b.example', 'c.example', 'd.example'];
    const bodies = await Promise.all(hosts.map(async (host) => (await app.inject({ url: '/sitemap.xml', headers: { host } })).body));
    hosts.forEach((host, i) => expect(bodies[i]).toContain(`<loc>https://${host}/detail/2</loc>`));
    expect(most).toBe(1);
    await app.close();
  });

  it('are made in their first asker\'s turn: a crawler waits for no more than the file being made when another address floods Host names', async () => {
    const order: string[] = [];
    made.mockImplementation(async (text, type) => {
      const answer = await actual(text, type);
      order.push((await answer.plain()).toString().match(/<loc>https:\/\/([^/]+)\//)![1]!);
      return answer;
    });
    const app = served({ origin: (request) => `https://${request.headers.host}` });
    const ask = (host: string, remoteAddress: string) => app.inject({ url: '/sitemap.xml', headers: { host }, remoteAddress });
    const flood = Array.from({ length: 6 }, (_, i) => ask(`flood${i}.example`, '10.0.0.1'));
    const crawler = ask('shop.example', '10.0.0.2');
    await Promise.all([...flood, crawler]);
    expect(order.indexOf('shop.example')).toBeLessThanOrEqual(1);
    await app.close();
  });

  it('keep the sitemaps of the 16 origins last asked for', async () => {
    const app = served({ origin: (request) => `https://${request.headers.host}` });
    const ask = (host: string) => app.inject({ url: '/sitemap.xml', headers: { host } });
    await ask('shop.example');
    for (let i = 1; i < 16; i++) await ask(`other${i}.example`);
    await ask('shop.example');
    await ask('one.more.example');
    expect(made).toHaveBeenCalledTimes(17);
    await ask('shop.example');
    expect(made).toHaveBeenCalledTimes(17);
    await ask('other1.example');
    expect(made).toHaveBeenCalledTimes(18);
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
