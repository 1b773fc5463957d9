import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from '~/seed/seed';
import { openPglite } from '~/server/db/pglite';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest, staticDirWith } from './shopUnderTest';

let backend: BackendUnderTest;
let close: () => Promise<void>;
let origin: string;
const EMULATOR = 'http://127.0.0.1:9099';

const SCRIPT = 'console.log("shop");\n//# sourceMappingURL=index-abc123.js.map';

let staticDir: string;

beforeAll(async () => {
  staticDir = await staticDirWith('<!doctype html><title>Rouge</title><div id="root"></div>');
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(staticDir, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/app/main.tsx"]}');
  await writeFile(join(staticDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  ({ backend, close } = await startShopUnderTest(await openPglite(), { staticDir, connectOrigins: [EMULATOR] }));
  origin = backend.baseUrl.replace(/\/api$/, '');
}, 60_000);
afterAll(() => close());

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  for (const [what, path, status] of [
    ['the app page', '/home', 200],
    ['an API answer', '/api/health', 200],
    ['a product picture', '/images/products/lipstick-a4161a.svg', 200],
    ["the router's refusal of an address it cannot decode", '/%zz', 400],
  ] as const) {
    it(`are sent with ${what}`, async () => {
      const response = await fetch(origin + path);
      expect(response.status).toBe(status);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const csp = directives(response.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
    });
  }

  it('let scripts come only from the shop, PayPal and Google sign-in, never inline', async () => {
    const csp = directives((await fetch(`${origin}/home`)).headers.get('content-security-policy'));
    const scripts = csp.get('script-src')!;
    expect(scripts).toContain("'self'");
    expect(scripts).toEqual(expect.arrayContaining(['https://www.paypal.com', 'https://apis.google.com']));
    expect(scripts.filter((source) => source.startsWith("'") && source !== "'self'")).toEqual([]);
    expect(scripts.some((source) => source === '*' || source === 'https:' || source === 'http:')).toBe(false);
    // Google's and Firebase's shared hosting domains serve anyone's files.
    for (const directive of ['script-src', 'frame-src', 'connect-src']) {
      expect(
        csp.get(directive)!.filter((source) => /googleapis\.com|firebaseapp\.com|web\.app/.test(source) && source.includes('*')),
      ).toEqual([]);
    }
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  });

  it('let the page reach the configured sign-in emulator besides the shop, PayPal and Firebase', async () => {
    const connect = directives((await fetch(`${origin}/home`)).headers.get('content-security-policy')).get('connect-src')!;
    expect(connect).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://*.paypal.com',
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        EMULATOR,
      ]),
    );
  });
});

describe('source maps', () => {
  it('are not served, while the scripts they belong to are', async () => {
    expect((await fetch(`${origin}/assets/index-abc123.js`)).status).toBe(200);
    const map = await fetch(`${origin}/assets/index-abc123.js.map`);
    expect(map.status).toBe(404);
    expect(await map.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('nor is the page told of a PayPal app when the shop takes test payments', async () => {
    const page = await (await fetch(`${origin}/payment`)).text();
    expect(page).toContain('<title>Rouge</title>');
    expect(page).not.toContain('paypal-client-id');
  });

  it('nor is any missing file answered with the app page', async () => {
    const missing = await fetch(`${origin}/assets/gone-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
  });
});

describe('compression and caching', () => {
  it("send the build's brotli copy of a script to a browser that takes brotli, the plain one to any other; hashed files cached for a year", async () => {
    const br = await fetch(`${origin}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect([br.headers.get('content-encoding'), await br.text()]).toEqual(['br', SCRIPT]);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await fetch(`${origin}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect([plain.headers.get('content-encoding'), await plain.text()]).toEqual([null, SCRIPT]);
    // One address, two bodies: a shared cache must not hand the brotli copy to a client that cannot read it.
    expect([br.headers.get('vary'), plain.headers.get('vary')]).toEqual(['accept-encoding', 'accept-encoding']);
  });

  it("never serve the compressed copies under their own names, nor the mock backend's worker", async () => {
    await writeFile(join(staticDir, 'mockServiceWorker.js'), 'self.addEventListener("fetch", () => {});');
    for (const path of ['/assets/index-abc123.js.br', '/mockServiceWorker.js']) {
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
    }
  });

  it('send the page compressed as the browser asks, never cached without asking again, and 304 while its ETag holds', async () => {
    for (const encoding of ['br', 'gzip']) {
      const page = await fetch(`${origin}/home`, { headers: { 'accept-encoding': encoding } });
      expect(page.headers.get('content-encoding')).toBe(encoding);
      expect(await page.text()).toContain('<title>Rouge</title>');
    }
    const page = await fetch(`${origin}/catalogue`, { headers: { 'accept-encoding': 'identity' } });
    expect([page.headers.get('content-encoding'), page.headers.get('cache-control'), page.headers.get('vary')]).toEqual([
      null,
      'no-cache',
      'accept-encoding',
    ]);
    const etag = page.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await fetch(`${origin}/detail/3`, { headers: { 'if-none-match': etag } });
    expect([again.status, await again.text()]).toEqual([304, '']);
    // As HTTP reads the header: a list of tags, compared weakly, or any.
    for (const held of [`"other", ${etag}`, etag.replace(/^W\//, ''), '*']) {
      expect((await fetch(`${origin}/detail/3`, { headers: { 'if-none-match': held } })).status).toBe(304);
    }
    expect((await fetch(`${origin}/detail/3`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });
});

describe('picture caching', () => {
  const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
  // The seeded shopper uploads.
  beforeAll(() => backend.reset());

  it('keeps a product picture a year without asking again: its address names the shape and shade it draws', async () => {
    const picture = await fetch(`${origin}/images/products/lipstick-a4161a.svg`);
    expect([picture.status, picture.headers.get('content-type'), picture.headers.get('cache-control')]).toEqual([
      200,
      'image/svg+xml',
      YEAR_IMMUTABLE,
    ]);
    const otherShade = await (await fetch(`${origin}/images/products/lipstick-b5272b.svg`)).text();
    expect(otherShade).not.toBe(await picture.text());
  });

  it('keeps an upload a year without asking again: each upload gets a new address, never reused', async () => {
    const send = async (background: string) => {
      const form = new FormData();
      form.set(
        'file',
        new File(
          [
            await sharp({ create: { width: 40, height: 40, channels: 3, background } })
              .png()
              .toBuffer(),
          ],
          'photo.png',
        ),
      );
      const response = await fetch(`${backend.baseUrl}/uploads`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${await backend.tokenFor({ uid: DEMO_USER.id, email: DEMO_USER.email })}` },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { url: string }).url;
    };
    const first = await send('#c2185b');
    const second = await send('#c2185b');
    expect(second).not.toBe(first);
    const upload = await fetch(origin + first);
    expect([upload.status, upload.headers.get('content-type'), upload.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      YEAR_IMMUTABLE,
    ]);
  });
});
