import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '~/server/db/pglite';
import { renderPage } from '~/src/app/renderPage';
import { startShopUnderTest, staticDirWith } from './shopUnderTest';

const TEMPLATE = '<!doctype html><html><head><title>Rouge</title></head><body><div id="root"></div></body></html>';
const PUBLIC_ORIGIN = 'https://rouge.shop';

type Shop = Awaited<ReturnType<typeof startShopUnderTest>>;

/** An answer to a request sent with exactly these headers (fetch would write its own Host). */
function asked(
  shop: Shop,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { port } = new URL(shop.backend.baseUrl);
  return new Promise((done, fail) => {
    request({ host: '127.0.0.1', port, path, headers, setHost: false }, (response) => {
      let body = '';
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => done({ status: response.statusCode!, headers: response.headers, body }));
    })
      .on('error', fail)
      .end();
  });
}

/** What the server answers to these bytes on a connection of their own: what no HTTP client sends (two Host headers, an absolute-form target). */
function exchanged(shop: Shop, text: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(Number(new URL(shop.backend.baseUrl).port), '127.0.0.1', () => socket.end(text));
    let received = '';
    socket
      .setEncoding('utf8')
      .on('data', (chunk: string) => (received += chunk))
      .on('end', () => done(received))
      .on('error', fail);
  });
}

/** Each page the shop rendered, by path. */
const rendered: string[] = [];

describe('a shop without PUBLIC_ORIGIN (the local set-up)', () => {
  let shop: Shop;
  let port: string;
  beforeAll(async () => {
    const staticDir = await staticDirWith(TEMPLATE);
    shop = await startShopUnderTest(await openPglite(), {
      staticDir,
      renderPage: (url, source) => (rendered.push(url.href), renderPage(url, source)),
    });
    await shop.backend.reset();
    port = new URL(shop.backend.baseUrl).port;
  }, 60_000);
  afterAll(() => shop.close());

  it('answers the loopback names it listens on, in any case', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LocalHost:${port}`, 'localhost']) {
      expect([host, (await asked(shop, '/api/health', { host })).status]).toEqual([host, 200]);
    }
  });

  it("refuses any other Host with 421 and the contract's error, before routing, a kept catalogue read included", async () => {
    await asked(shop, '/api/products', { host: `127.0.0.1:${port}` });
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `user@localhost:${port}`,
      '',
    ]) {
      for (const path of ['/home', '/api/products', '/api/health?x', '/sitemap.xml']) {
        const answer = await asked(shop, path, { host });
        expect([host, path, answer.status]).toEqual([host, path, 421]);
        expect(JSON.parse(answer.body)).toEqual({
          error: { code: 'bad_request', message: 'This shop answers only at its own address.', field: 'host' },
        });
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('reads the host of an absolute-form target before the Host header, and refuses two Host headers', async () => {
    expect(await exchanged(shop, `GET http://evil.example/about HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`)).toMatch(
      /^HTTP\/1\.1 421 /,
    );
    expect(
      await exchanged(shop, `GET http://localhost:${port}/robots.txt HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 200 /);
    expect(
      await exchanged(shop, `GET /about HTTP/1.1\r\nHost: localhost:${port}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`),
    ).toMatch(/^HTTP\/1\.1 421 /);
  });

  it("answers a health check whatever its Host: a load balancer probes each server by the server's own address", async () => {
    for (const host of ['10.0.3.7:3000', 'evil.example']) {
      expect([host, (await asked(shop, '/api/health', { host })).status]).toEqual([host, 200]);
      expect([host, (await asked(shop, '/api/health/', { host })).status]).toEqual([host, 421]);
    }
  });

  it('makes a page once whatever loopback name asks for it, naming the address it listens on', async () => {
    rendered.length = 0;
    const pages = await Promise.all(
      [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost'].map((host) => asked(shop, '/about', { host })),
    );
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
    expect(rendered).toEqual([`http://127.0.0.1:${port}/about`]);
    for (const page of pages) expect(page.body).toContain(`<link rel="canonical" href="http://127.0.0.1:${port}/about"`);
  });
});

describe('a shop with PUBLIC_ORIGIN', () => {
  let direct: Shop;
  let proxied: Shop;
  let local: Shop;
  beforeAll(async () => {
    [direct, proxied, local] = await Promise.all([
      startShopUnderTest(await openPglite(), { publicOrigin: PUBLIC_ORIGIN }),
      startShopUnderTest(await openPglite(), { publicOrigin: PUBLIC_ORIGIN, trustProxy: ['127.0.0.1'] }),
      startShopUnderTest(await openPglite(), { publicOrigin: 'http://localhost:3000' }),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([direct.close(), proxied.close(), local.close()]));

  it('answers its own host only, its default port and any case included', async () => {
    for (const host of ['rouge.shop', 'rouge.shop:443', 'ROUGE.shop'])
      expect([host, (await asked(direct, '/robots.txt', { host })).status]).toEqual([host, 200]);
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${new URL(direct.backend.baseUrl).port}`,
      'localhost',
      'rouge.shop:8443',
      'evil@rouge.shop',
      'rouge.shop.evil.example',
    ]) {
      expect([host, (await asked(direct, '/robots.txt', { host })).status]).toEqual([host, 421]);
    }
  });

  it('answers the loopback names too when PUBLIC_ORIGIN is on loopback itself', async () => {
    for (const host of ['localhost:3000', `127.0.0.1:${new URL(local.backend.baseUrl).port}`])
      expect([host, (await asked(local, '/robots.txt', { host })).status]).toEqual([host, 200]);
    expect((await asked(local, '/robots.txt', { host: 'evil.example' })).status).toBe(421);
  });

  it('reads X-Forwarded-Host only from a proxy it trusts', async () => {
    expect((await asked(direct, '/robots.txt', { host: '127.0.0.1', 'x-forwarded-host': 'rouge.shop' })).status).toBe(421);
    expect((await asked(proxied, '/robots.txt', { host: '127.0.0.1', 'x-forwarded-host': 'rouge.shop' })).status).toBe(200);
    expect((await asked(proxied, '/robots.txt', { host: '127.0.0.1', 'x-forwarded-host': 'evil.example, rouge.shop' })).status).toBe(200);
    expect((await asked(proxied, '/robots.txt', { host: 'rouge.shop', 'x-forwarded-host': 'evil.example' })).status).toBe(421);
  });
});
