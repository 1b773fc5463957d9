import type { PageSource, RenderedPage } from '../../src/app/renderPage';
import { headHtml } from '../../src/domain/pageHead';
import { perCatalogueVersion } from './catalogueVersion';
import { prebuild, type Prebuilt } from './prebuilt';

/** The storefront's server renderer (src/app/renderPage.tsx): a public page's HTML, head and what it carries, read from the source (only for such a page), or null for a page the browser renders. */
export type RenderPage = (url: URL, source: PageSource) => Promise<RenderedPage | null>;

export const HTML = 'text/html; charset=utf-8';

const ROOT = '<div id="root"></div>';
const MAX_PAGES = 300;
/** Not-found pages kept apart, fewer: a flood of made-up addresses cannot push the shop's real pages out. */
const MAX_MISSING = 50;
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
 * into the head, and what it was rendered from (the product list, or a
 * paged catalogue's answers), which the browser's machines start with.
 */
export function fillTemplate(template: string, parts: { head: string; app: string; carried: string }): string {
  const hoisted = /^(?:<link [^>]*\/>)+/.exec(parts.app)?.[0] ?? '';
  // Replaced by functions: a `$` in a product's text is text, not a replacement pattern.
  return template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', () => `${parts.head}${hoisted}</head>`)
    .replace(ROOT, () => `<div id="root">${parts.app.slice(hoisted.length)}</div>${parts.carried}`);
}

interface PagesOptions {
  /** The built page, with the server's settings already in it. */
  template: string;
  render: RenderPage;
  /** What a visitor reads of the catalogue (GET /api/products without a token: its pages, a product, the list). */
  source: PageSource;
  catalogueVersion(): string;
}

/**
 * Server-rendered storefront pages, each made once per catalogue version and
 * address (pageAddress), the 300 last used kept (and 50 not-found ones, on
 * their own) and all of them let go of when the catalogue changes; a request
 * for a page being made waits for it rather than making it again. A page the
 * browser renders is null and kept nowhere.
 */
export function createPages({ template, render, source, catalogueVersion }: PagesOptions) {
  if (!template.includes(ROOT)) throw new Error(`The built page has no empty ${ROOT} to render into.`);
  const current = perCatalogueVersion(catalogueVersion, () => ({ pages: new Map<string, Promise<Prebuilt | null>>(), missing: new Set<string>() }));

  async function make(address: URL): Promise<Prebuilt | null> {
    const rendered = await render(address, source);
    if (rendered === null) return null;
    return prebuild(fillTemplate(template, { ...rendered, head: headHtml(rendered.head) }), HTML, rendered.head.status);
  }

  /** The page for this URL, or null when the browser renders it (a signed-in page such as /cart or /admin). */
  return function page(url: URL): Promise<Prebuilt | null> {
    const { pages, missing } = current();
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
    const letGoOfOldest = (kept: (key: string) => boolean) => {
      for (const oldest of pages.keys()) {
        if (!kept(oldest)) continue;
        pages.delete(oldest);
        missing.delete(oldest);
        return;
      }
    };
    made.then((result) => {
      if (result === null) return forget();
      if (result.status !== 200) missing.add(key);
      if (missing.size > MAX_MISSING) letGoOfOldest((oldest) => missing.has(oldest));
      if (pages.size - missing.size > MAX_PAGES) letGoOfOldest((oldest) => !missing.has(oldest));
    }, forget);
    return made;
  };
}
