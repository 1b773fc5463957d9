import { headHtml, pageHead, scriptJson } from '../../src/domain/pageHead';
import type { Product } from '../../src/domain/types';
import { perCatalogueVersion } from './catalogueVersion';
import { prebuild, type Prebuilt } from './prebuilt';

/** The storefront's server renderer (src/app/renderPage.tsx): a public page's HTML from the product list (read only for such a page), or null for a page the browser renders. */
export type RenderPage = (url: URL, products: () => Promise<Product[]>) => Promise<string | null>;

export const HTML = 'text/html; charset=utf-8';

const ROOT = '<div id="root"></div>';
const MAX_PAGES = 300;
/** The query parameters a catalogue page reads (src/domain/catalogueQuery.ts); any other (a campaign's tag) changes nothing on it. */
const CATALOGUE_PARAMS = ['sort', 'brand', 'category', 'min', 'max', 'offers', 'page'];
const CATALOGUE_PATH = /^\/(catalogue|listproducts\/[^/]+)\/?$/i;

/**
 * The address a page is made for and kept under: its origin and path, with
 * the catalogue's own query parameters in a fixed order on catalogue pages
 * and no query on any other, so a campaign's tags neither make a page again
 * nor push others out.
 */
export function pageAddress(url: URL): URL {
  const address = new URL(url.origin + url.pathname);
  if (CATALOGUE_PATH.test(url.pathname)) {
    for (const name of CATALOGUE_PARAMS) {
      const value = url.searchParams.get(name);
      if (value !== null) address.searchParams.set(name, value);
    }
  }
  return address;
}

/**
 * The built page (dist/index.html) filled for one URL: the route's head
 * (title, description, canonical, Open Graph, JSON-LD), the rendered app in
 * #root with the resources React hoisted (the largest image's preload) moved
 * into the head, and the product list it was rendered from, which the
 * browser's machines start with.
 */
export function fillTemplate(template: string, parts: { head: string; app: string; products: Product[] }): string {
  const hoisted = /^(?:<link [^>]*\/>)+/.exec(parts.app)?.[0] ?? '';
  // Replaced by functions: a `$` in a product's text is text, not a replacement pattern.
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `${parts.head}${hoisted}</head>`)
    .replace(ROOT, () => `<div id="root">${parts.app.slice(hoisted.length)}</div><script type="application/json" id="initial-products">${scriptJson(parts.products)}</script>`);
}

interface PagesOptions {
  /** The built page, with the server's settings already in it. */
  template: string;
  render: RenderPage;
  /** A visitor's product list (what GET /api/products answers without a token), read once per catalogue version. */
  products(): Promise<Product[]>;
  catalogueVersion(): string;
}

/**
 * Server-rendered storefront pages, each made once per catalogue version and
 * address (pageAddress), the 300 last used kept and all of them let go of
 * when the catalogue changes; a request for a page being made waits for it
 * rather than making it again. A page the browser renders is null and kept
 * nowhere.
 */
export function createPages({ template, render, products, catalogueVersion }: PagesOptions) {
  if (!template.includes(ROOT)) throw new Error(`The built page has no empty ${ROOT} to render into.`);
  const current = perCatalogueVersion(catalogueVersion, () => new Map<string, Promise<Prebuilt | null>>());

  async function make(address: URL): Promise<Prebuilt | null> {
    const app = await render(address, products);
    if (app === null) return null;
    const visible = await products();
    const head = pageHead({ pathname: address.pathname, search: address.search, origin: address.origin, products: visible });
    return prebuild(fillTemplate(template, { head: headHtml(head), app, products: visible }), HTML, head.status);
  }

  /** The page for this URL, or null when the browser renders it (a signed-in page such as /cart or /admin). */
  return function page(url: URL): Promise<Prebuilt | null> {
    const pages = current();
    const address = pageAddress(url);
    const key = address.href;
    const cached = pages.get(key);
    if (cached) {
      // Most recently used last: the oldest is the first let go of.
      pages.delete(key);
      pages.set(key, cached);
      return cached;
    }
    const made = make(address);
    pages.set(key, made);
    const forget = () => {
      if (pages.get(key) === made) pages.delete(key);
    };
    made.then((result) => {
      if (result === null) forget();
      else if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
    }, forget);
    return made;
  };
}
