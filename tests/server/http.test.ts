import { connect } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import type { BackendUnderTest } from '../contract/backend';
import { rawRequest } from './rawRequest';
import { startShopUnderTest, staticDirWith } from './shopUnderTest';

let backend: BackendUnderTest;
let sql: Sql;
let close: () => Promise<void>;
let origin: string;
const shopper = { uid: DEMO_USER.id, email: DEMO_USER.email };
const admin = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };

beforeAll(async () => {
  const staticDir = await staticDirWith('<!doctype html><html><head><title>Rouge</title></head><body><div id="root"></div></body></html>');
  sql = await openPglite();
  ({ backend, close } = await startShopUnderTest(sql, { staticDir, paypalClientId: 'paypal-app-1' }));
  origin = backend.baseUrl.replace(/\/api$/, '');
}, 60_000);
// The last test closes the database on purpose; closing it again may only say so.
afterAll(() => close().catch((error: unknown) => expect(String(error)).toMatch(/closed/i)));
beforeEach(() => backend.reset());

/** The server's first answer to a request whose announced body is never sent: the connection is held open, as a stalled client holds it. */
function answerWithoutBody(request: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(Number(new URL(origin).port), '127.0.0.1', () => socket.write(request));
    let received = '';
    socket
      .setEncoding('utf8')
      .on('data', (chunk: string) => {
        received += chunk;
        const head = received.indexOf('\r\n\r\n');
        const length = /\r\ncontent-length: (\d+)/i.exec(received)?.[1];
        if (head >= 0 && length !== undefined && received.length >= head + 4 + Number(length)) {
          socket.destroy();
          done(received);
        }
      })
      .on('error', fail);
  });
}

/** What the server answers to these bytes, sent as they are on a socket of their own: what no HTTP client would send. */
function exchanged(request: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(Number(new URL(origin).port), '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => done(Buffer.concat(chunks).toString()))
      .on('error', fail);
  });
}

async function upload(bytes: Uint8Array, filename: string) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], filename));
  const response = await fetch(`${backend.baseUrl}/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${await backend.tokenFor(shopper)}` },
  });
  return { status: response.status, body: (await response.json()) as { url?: string; error?: { field?: string } } };
}

describe('uploads', () => {
  it('turns a TIFF named .png into an 800 px WebP served from /uploads', async () => {
    const tiff = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c2185b' } })
      .tiff()
      .toBuffer();
    const { status, body } = await upload(tiff, 'photo.png');
    expect(status).toBe(201);
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]+\.webp$/);
    const stored = await fetch(origin + body.url!);
    expect(stored.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 533]);
  });

  it('refuses a multipart body cut off halfway with 400, not 500', async () => {
    const response = await fetch(`${backend.baseUrl}/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await backend.tokenFor(shopper)}`, 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error?: { field?: string } }).error?.field).toBe('file');
  });

  it('refuses a text file named .png and a file over 5 MB', async () => {
    const text = await upload(new TextEncoder().encode('hello, not an image'), 'cat.png');
    expect(text.status).toBe(400);
    expect(text.body.error?.field).toBe('file');
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLarge = await upload(big, 'big.png');
    expect(tooLarge.status).toBe(413);
  });
});

describe('catalogue reads', () => {
  it('are sent with an ETag, answered 304 while unchanged, and fresh after a change', async () => {
    const first = await fetch(`${backend.baseUrl}/products`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(((await first.json()) as unknown[]).length).toBeGreaterThan(100);
    const again = await fetch(`${backend.baseUrl}/products`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const token = await backend.tokenFor(admin);
    await fetch(`${backend.baseUrl}/products`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1, name: 'Renamed Blush' }),
    });
    const changed = await fetch(`${backend.baseUrl}/products`, { headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    const products = (await changed.json()) as { id: number; name: string }[];
    expect(products.find((p) => p.id === 1)?.name).toBe('Renamed Blush');
  });
});

describe('errors', () => {
  it('answers an unknown API path with the JSON error and any other page with the app', async () => {
    const api = await fetch(`${backend.baseUrl}/nothing/here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    const page = await fetch(`${origin}/detail/12`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
  });

  it('gives every page, the front page too, the PayPal client id the payment step shows buttons for; /index.html is no way around it', async () => {
    for (const path of ['/', '/payment', '/detail/12?x=1']) {
      const page = await fetch(`${origin}${path}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<meta name="paypal-client-id" content="paypal-app-1" />\n</head>');
    }
    const bookmark = await fetch(`${origin}/index.html`, { redirect: 'manual' });
    expect([bookmark.status, bookmark.headers.get('location')]).toEqual([301, '/']);
  });

  it('answers HEAD on a page as GET does, and an API path in any case as the API', async () => {
    const head = await fetch(`${origin}/home`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
    const shouted = await fetch(`${origin}/API/nothing`);
    expect([shouted.status, shouted.headers.get('content-type')]).toEqual([404, expect.stringContaining('application/json')]);
  });

  it('refuses a body nested thousands deep with 400 naming the body, not a stack overflow', async () => {
    for (const body of ['{"a":'.repeat(2000) + '1' + '}'.repeat(2000), '['.repeat(6000) + ']'.repeat(6000)]) {
      const response = await fetch(`${backend.baseUrl}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await backend.tokenFor(shopper)}`, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).not.toMatch(/RangeError|at .*\.js/);
      expect(JSON.parse(text).error.field).toBe('body');
    }
  });

  it('answers a picture path naming no category 404, like any other picture or upload that does not exist', async () => {
    const missing = [
      '/images/products/constructor-000000.svg',
      '/images/products/tostring-000000.svg',
      '/images/products/lipstick-zzzzzz.svg',
      '/images/products/lipstick-a4161a.png',
      '/images/products/..%2f..%2fpackage.json',
      '/images/products/lipstick-a4161a.svg%00',
      '/images/products/',
      '/uploads/nothing.webp',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/',
    ];
    for (const path of missing) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    // The client resolves the dots: /package.json, a made-up path on the shop, is its not-found page, never the file.
    const outside = await fetch(`${origin}/uploads/%2e%2e/%2e%2e/package.json`);
    expect([outside.status, outside.headers.get('content-type')]).toEqual([404, expect.stringContaining('text/html')]);
    expect(await outside.text()).not.toContain('makeup-shop');
  });

  it('answers a path with broken percent-encoding or a NUL byte 400, not 500', async () => {
    for (const path of ['/images/products/%E0%A4%A.svg', '/uploads/%E0%A4%A', '/uploads/%', '/uploads/x.webp%00']) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe('bad_request');
    }
  });

  it('refuses a query whose percent-encoding is not UTF-8 with 400 naming the parameter, where it would have been read as U+FFFD', async () => {
    for (const [query, field] of [
      ['?name=%ff', 'name'],
      ['?page=1&name=lip%e2%82', 'name'],
      ['?brand=%zz', 'brand'],
      ['?%ff=lip', 'query'],
      ['?=%ff&name=%ff', 'query'],
    ]) {
      for (const authorization of [undefined, `Bearer ${await backend.tokenFor(admin)}`]) {
        const response = await fetch(`${backend.baseUrl}/products${query}`, authorization ? { headers: { authorization } } : {});
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { error: { field?: string } }).error.field, query).toBe(field);
      }
    }
    const search = await fetch(`${backend.baseUrl}/products?name=${encodeURIComponent('Crème')}&page=1`);
    expect(search.status).toBe(200);
    // The router reads a query after a `#` too, which only a raw client sends.
    const hashed = await exchanged('GET /api/products#name=%ff HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(hashed).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(hashed.slice(hashed.indexOf('\r\n\r\n') + 4)).error.field).toBe('name');
  });

  it("refuses a JSON body over its route's limit with 413: a few KB for most, more for a product and the catalogue import", async () => {
    const post = async (path: string, who: typeof admin, body: string) =>
      fetch(`${backend.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await backend.tokenFor(who)}`, 'content-type': 'application/json' },
        body,
      });
    for (const [path, who, size] of [
      ['/favorites', shopper, 17 * 1024],
      ['/comments', shopper, 17 * 1024],
      ['/products', admin, 1025 * 1024],
    ] as const) {
      const response = await post(path, who, JSON.stringify({ name: 'x'.repeat(size) }));
      expect([path, response.status]).toEqual([path, 413]);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('too_large');
    }
    // A product's largest valid body is read, and answered by the contract for what it holds.
    const product = await post('/products', admin, JSON.stringify({ name: 'x'.repeat(1000 * 1024) }));
    expect(product.status).toBe(400);
    const catalogue = await post('/products/import', admin, JSON.stringify({ rows: 'x'.repeat(1024 * 1024) }));
    expect(catalogue.status).toBe(400);
  });

  it("refuses an anonymous write 401 and a shopper's Admin write 403 before reading the body: one announced and never sent is answered at once", async () => {
    const answer = await answerWithoutBody(
      'POST /api/favorites HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n[[[[',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'unauthorized', message: 'Sign in to do this.' },
    });
    const forged = await answerWithoutBody(
      'POST /api/products HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer forged\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{"__proto__":',
    );
    expect(forged).toMatch(/^HTTP\/1\.1 401 /);
    // A shopper's token on an Admin's import: 403 before its 4 MB are read.
    const token = await backend.tokenFor(shopper);
    const shopperImport = await answerWithoutBody(
      `POST /api/products/import HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 4000000\r\n\r\n{"products":[`,
    );
    expect(shopperImport).toMatch(/^HTTP\/1\.1 403 /);
    expect(JSON.parse(shopperImport.slice(shopperImport.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'forbidden', message: 'Only an Admin may do this.' },
    });
  });

  it("answers what Node refuses before the app (an address past 16 KB, broken HTTP) with the contract's Error, not the framework's", async () => {
    const long = await rawRequest(`${backend.baseUrl}/products?name=${'a'.repeat(17_000)}`);
    expect(long.status).toBe(431);
    expect(long.headers['content-type']).toMatch(/^application\/json/);
    // With the security headers every other answer carries.
    expect(long.headers['content-security-policy']).toContain("default-src 'self'");
    expect(long.headers['x-frame-options']).toBe('DENY');
    expect(JSON.parse(long.body.toString())).toEqual({
      error: { code: 'too_large', message: 'The address and headers may take 16 KB at most.' },
    });

    const broken = await exchanged('GET /api/products HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'bad_request', message: 'The request is not valid HTTP.' },
    });
  });

  it('never shows a stack trace or SQL when the database fails', async () => {
    const token = await backend.tokenFor(shopper);
    await sql.close();
    const response = await fetch(`${backend.baseUrl}/favorites?userId=${shopper.uid}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
    expect(text).not.toMatch(/at |SELECT|pglite/i);
  });
});
