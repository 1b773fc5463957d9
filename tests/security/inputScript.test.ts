import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '~/server/core/ports';
import { expectNoLeak, expectRefused, PEOPLE, startShopUnderAttack, type ShopUnderAttack } from './inputAttack';
import { SCRIPTS } from './scriptAttacks';

let shop: ShopUnderAttack;
let productId: number;
let bought: number;
const { buyer, admin } = PEOPLE;

// jsdom ships no types of its own; this file needs only its parser.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: Window } };

/** The description allow-list's elements and attributes (src/domain/description.ts): anything else found in a stored description is a hole. */
const ALLOWED_TAGS = new Set(['P', 'BR', 'STRONG', 'B', 'EM', 'I', 'U', 'UL', 'OL', 'LI', 'H3', 'H4', 'SPAN', 'A']);
const SAFE_HREF = /^(https?:|mailto:|tel:|#|\/(?!\/)|[^:]*$)/i;

/** Parses the HTML as a browser would (scripts off) and lists whatever in it could run script. */
function activeParts(html: string): string[] {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  const found: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(element.tagName)) found.push(`<${element.tagName.toLowerCase()}>`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on') || name === 'style' || name === 'src') found.push(`${name}="${value}"`);
      else if (name === 'href' && !SAFE_HREF.test(value.trim())) found.push(`href="${value}"`);
      else if (name !== 'href' && name !== 'title') found.push(`${name}="${value}"`);
    }
  }
  return found;
}

beforeAll(async () => {
  shop = await startShopUnderAttack();
  const products = (await shop.call<{ id: number; disable: boolean }[]>('get', '/products')).body;
  productId = products.find((p) => !p.disable)!.id;
  const orders = (
    await shop.call<{ status: string; lines: { productId: number }[] }[]>('get', '/userOrders', { as: buyer, query: { userID: buyer.uid } })
  ).body;
  bought = orders[0]!.lines[0]!.productId;
}, 60_000);
afterAll(() => shop.close());

describe('script in what the shop stores and shows', () => {
  it('the allow-list check itself sees script in each attack as sent', () => {
    for (const attack of SCRIPTS) expect(activeParts(attack), attack).not.toEqual([]);
  });

  it.each(SCRIPTS)(
    'a product description of %s is stored without anything that can run, read back through the API and in the table',
    async (attack) => {
      const description = `<p>Silky <strong>matte</strong> finish.</p>${attack}<p>Long lasting.</p>`;
      const edited = await shop.call('put', '/products', { as: admin, body: { id: productId, description } });
      expectNoLeak(edited);
      expect(edited.status).toBe(200);
      const read = await shop.call<{ description: string }>('get', `/products/${productId}`);
      const [stored] = await shop.sql.query<{ description: string }>('SELECT description FROM products WHERE id = $1', [productId]);
      for (const html of [edited.body.description, read.body.description, stored!.description]) expect(activeParts(html), html).toEqual([]);
      expect(read.body.description).toContain('<strong>matte</strong>');
    },
  );

  it.each(SCRIPTS.slice(0, 5))('a new product whose description is %s is stored inert too', async (attack) => {
    const reply = await shop.call('post', '/products', {
      as: admin,
      body: {
        name: 'Velvet lip',
        price: 12.5,
        brand: 'nyx',
        category: 'lipstick',
        stock: 3,
        description: `<p>Soft.</p>${attack}`,
        image: '/uploads/lip.webp',
      },
    });
    expectNoLeak(reply);
    expect(reply.status, reply.text).toBe(201);
    expect(activeParts((await shop.call<{ description: string }>('get', `/products/${reply.body.id}`)).body.description)).toEqual([]);
  });

  it.each(SCRIPTS)('a comment of %s is kept as the text typed, served as JSON and never as HTML', async (attack) => {
    const posted = await shop.call('post', '/comments', { as: buyer, body: { userId: buyer.uid, productId: bought, text: attack } });
    expectNoLeak(posted);
    expect(posted.status).toBe(201);
    const listed = await shop.call<{ id: number; text: string }[]>('get', '/comments', { query: { productId: bought } });
    expect(listed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(listed.body.find((c) => c.id === posted.body.id)?.text).toBe(attack);
  });

  it.each(SCRIPTS)('a username of %s is refused (400 naming it) on sign-up and on a profile edit, and nothing changes', async (attack) => {
    const before = await shop.snapshot();
    const newcomer: Identity = {
      uid: `script-${crypto.randomUUID().slice(0, 8)}`,
      email: `script.${crypto.randomUUID().slice(0, 8)}@makeup.test`,
    };
    expectRefused(await shop.call('post', '/users', { as: newcomer, body: { username: attack } }), 400, 'username');
    expectRefused(
      await shop.call('put', '/users', { as: buyer, body: { userId: buyer.uid, newUser: { username: attack } } }),
      400,
      'newUser.username',
    );
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.test/x.png',
    'vbscript:msgbox(1)',
  ])('a profile picture URL of %s is refused (400 naming it), and nothing changes', async (img) => {
    const before = await shop.snapshot();
    expectRefused(await shop.call('put', '/users', { as: buyer, body: { userId: buyer.uid, newUser: { img } } }), 400, 'newUser.img');
    expect(await shop.snapshot()).toEqual(before);
  });

  it.each(SCRIPTS)('a search for %s answers a JSON list, and nothing changes', async (attack) => {
    const before = await shop.snapshot();
    const reply = await shop.call('get', '/products', { query: { name: attack.slice(0, 100) } });
    expectNoLeak(reply);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(await shop.snapshot()).toEqual(before);
  });
});
