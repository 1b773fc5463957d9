import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { headHtml, pageHead } from '../../src/domain/pageHead';
import type { Product } from '../../src/domain/types';

/** The storefront's server renderer (src/app/renderPage.tsx): a public page's HTML from the product list, or null for a page the browser renders. */
export type RenderPage = (url: URL, products: Product[]) => Promise<string | null>;

/** A page as sent: its status, its ETag, and its bytes plain, brotli and gzip. */
export interface PageVariants {
  status: number;
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function pageVariants(html: string, status = 200): PageVariants {
  const identity = Buffer.from(html);
  return {
    status,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    // Made once per catalogue version and page: a little less than brotli's best, for a fraction of its time.
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

const ROOT = '<div id="root"></div>';
const MAX_PAGES = 500;

/** JSON inside a script element: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The built page (dist/index.html) filled for one URL: the route's head
 * (title, description, canonical, Open Graph, JSON-LD), the rendered app in
 * #root with the resources React hoisted (the largest image's preload) moved
 * into the head, and the product list it was rendered from, which the
 * browser's machines start with.
 */
export function fillTemplate(template: string, parts: { head: string; app: string; products: Product[] }): string {
  const hoisted = /^(?:<link [^>]*\/>)+/.exec(parts.app)?.[0] ?? '';
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${parts.head}${hoisted}</head>`)
    .replace(ROOT, `<div id="root">${parts.app.slice(hoisted.length)}</div><script type="application/json" id="initial-products">${scriptJson(parts.products)}</script>`);
}

interface PagesOptions {
  /** The built page, with the server's settings already in it. */
  template: string;
  render: RenderPage;
  /** A visitor's product list (what GET /api/products answers without a token). */
  products(): Promise<Product[]>;
  catalogueVersion(): string;
}

/**
 * Server-rendered storefront pages, each made once per catalogue version and
 * URL (the catalogue's own versioning), the latest 500 kept; a request for a
 * page being made waits for it rather than making it again.
 */
export function createPages({ template, render, products, catalogueVersion }: PagesOptions) {
  if (!template.includes(ROOT)) throw new Error(`The built page has no empty ${ROOT} to render into.`);
  let list: { version: string; products: Promise<Product[]> } | null = null;
  const pages = new Map<string, { version: string; page: Promise<PageVariants | null> }>();

  const productsOf = (version: string) => {
    if (list?.version !== version) {
      const loading = products();
      list = { version, products: loading };
      // A failed read is not kept for the version: the next page asks again.
      loading.catch(() => {
        if (list?.products === loading) list = null;
      });
    }
    return list.products;
  };

  async function make(url: URL, version: string): Promise<PageVariants | null> {
    const visible = await productsOf(version);
    const app = await render(url, visible);
    if (app === null) return null;
    const head = pageHead({ pathname: url.pathname, search: url.search, origin: url.origin, products: visible });
    return pageVariants(fillTemplate(template, { head: headHtml(head), app, products: visible }), head.status);
  }

  /** The page for this URL, or null when the browser renders it (a signed-in page such as /cart or /admin). */
  return function page(url: URL): Promise<PageVariants | null> {
    const version = catalogueVersion();
    // The origin is part of the key: the page's canonical and Open Graph URLs are made from the Host it was asked by.
    const key = url.href;
    const cached = pages.get(key);
    if (cached?.version === version) return cached.page;
    const page = make(url, version);
    // A failed render is not kept: the next request tries again.
    page.catch(() => {
      if (pages.get(key)?.page === page) pages.delete(key);
    });
    pages.delete(key);
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, { version, page });
    return page;
  }
}
