import { matchRoutes } from 'react-router';
import type { PageSource, RenderedPage } from '~/src/app/renderPage';
import { routes, type RouteHandle } from '~/src/app/routes';
import { parseCatalogueQuery } from '~/src/domain/catalogueQuery';
import { catalogueSearch } from '~/src/domain/catalogueUrl';
import { headHtml, pathSegments } from '~/src/domain/pageHead';
import { pathCategory } from '~/src/domain/pathCategory';
import { SHADE_PARAM } from '~/src/domain/shadeChoice';
import { perCatalogueVersion } from './catalogueVersion';
import { hotCache, recounting, type HotCacheLimits } from './hotCache';
import { knownAddresses } from './knownAddresses';
import { prebuild, type Prebuilt } from './prebuilt';

/** The storefront's server renderer (src/app/renderPage.tsx): a public page's HTML, head and what it carries, read from the source (only for such a page), or null for a page the browser renders. */
export type RenderPage = (url: URL, source: PageSource) => Promise<RenderedPage | null>;

export const HTML = 'text/html; charset=utf-8';

const ROOT = '<div id="root"></div>';
/** Per segment of the page cache: room for every page in steady demand, and a bound on what a flood of new addresses holds. */
const LIMITS: HotCacheLimits = { entries: 300, bytes: 32 * 1024 * 1024 };
/**
 * Pages made at once. A page not kept costs 5-10 ms of the event loop to
 * make; past this many under way, a request gets the built shell the
 * browser renders instead, so a flood of new addresses (every page number,
 * every sort) queues no more than this many renders ahead of anyone else.
 */
const MADE_AT_ONCE = 4;
/** Where every not-found page is rendered: it shows nothing of the path asked for, so one page serves every made-up address. */
export const NOT_FOUND_PATH = '/not-found';

/**
 * Where the page of every product that is not there (unknown, disabled, no
 * product id) is rendered, once per catalogue version: that page names no
 * id (it carries the whole list, or says that the product of the address it
 * is opened at is missing), so it is every such id's page.
 */
export const MISSING_PRODUCT_PATH = '/detail/0';

/** The path a matched storefront route is rendered at, in the one spelling of what it shows; null when it shows the not-found page. */
function canonicalPath(route: string | undefined, params: Record<string, string | undefined>, search: URLSearchParams): string | null {
  switch (route) {
    case 'home':
    case 'about':
      return `/${route}`;
    case 'catalogue':
      return `/catalogue${catalogueSearch(parseCatalogueQuery(search))}`;
    case 'listproducts/:category': {
      const category = pathCategory(params.category);
      return category && `/listproducts/${category}${catalogueSearch(parseCatalogueQuery(search, category), true)}`;
    }
    case 'detail/:id': {
      // The product page reads its id as Number() does: /detail/007, /detail/1e0 and /detail/0x1 are /detail/7, /detail/1 and /detail/1.
      // A shade is kept when it could be one (a whole number): the page opens on it, or on its first in stock as without it.
      const shade = Number(search.get(SHADE_PARAM) || Number.NaN);
      return `/detail/${String(Number(params.id))}${Number.isSafeInteger(shade) && shade > 0 ? `?${SHADE_PARAM}=${shade}` : ''}`;
    }
    default:
      return null;
  }
}

/**
 * The address a page is made at and kept under: the route the router
 * matches, written one way (lower-case route names, no trailing slash, a
 * product's id as the number the page reads, a catalogue's query as the
 * catalogue parses it, unknown or invalid values dropped), and every
 * not-found page at NOT_FOUND_PATH; null for a page the browser renders (a
 * signed-in page such as /cart or /admin). Every spelling of a page, a
 * campaign's tags and made-up addresses make and hold one page, not one each.
 */
export function pageAddress(url: URL): URL | null {
  const leaf = matchRoutes(routes, url.pathname)?.at(-1);
  if (!leaf || !(leaf.route.handle as RouteHandle | undefined)?.serverRendered) return null;
  const path = pathSegments(url.pathname) && canonicalPath(leaf.route.path?.toLowerCase(), leaf.params, url.searchParams);
  return new URL(url.origin + (path ?? NOT_FOUND_PATH));
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
  /** The version the kept pages follow (stockAndRatingsLate): all of them are let go of when it moves. */
  catalogueVersion(): string;
  /** The ids of the products a visitor may see, kept in memory: a product's page is asked for by any id a caller makes up. */
  shownIds(): Promise<ReadonlySet<number>>;
}

const bytesOf = (page: Prebuilt | null) => page?.bytes() ?? 0;

/**
 * Server-rendered storefront pages, each made once per catalogue version and
 * address (pageAddress) and all of them let go of when the catalogue
 * changes; a request for a page being made waits for it rather than making
 * it again. What is kept is bounded (hotCache): pages asked for again
 * outlast a flood of addresses asked for once. A page the browser renders is
 * null and kept nowhere.
 */
export function createPages({ template, render, source, catalogueVersion, shownIds }: PagesOptions) {
  if (!template.includes(ROOT)) throw new Error(`The built page has no empty ${ROOT} to render into.`);
  // Addresses asked before find their page's key without matching the routes again, which costs more than sending a kept page.
  const current = perCatalogueVersion(catalogueVersion, () => ({
    pages: hotCache<Prebuilt | null>(LIMITS, bytesOf),
    keys: knownAddresses(),
  }));
  let making = 0;

  /** @param resized told when the page's bytes change (its gzip made later), to count them again */
  async function make(address: URL, resized: () => void): Promise<Prebuilt | null> {
    const rendered = await render(address, source);
    if (rendered === null) return null;
    return prebuild(fillTemplate(template, { ...rendered, head: headHtml(rendered.head) }), HTML, rendered.head.status, {}, resized);
  }

  /**
   * The address a product's page is kept under: MISSING_PRODUCT_PATH for an
   * id that is no product to show, found without a read; its own without a
   * shade that is not the product's (the page opens as without one), so
   * made-up shades make no page each; else its own.
   */
  async function productAddress(address: URL): Promise<URL> {
    const path = /^\/detail\/(.+)$/.exec(address.pathname)?.[1];
    if (path === undefined) return address;
    const id = Number(path);
    if (!(await shownIds()).has(id)) return new URL(address.origin + MISSING_PRODUCT_PATH);
    const shade = address.searchParams.get(SHADE_PARAM);
    if (shade === null || (await source.product(id))?.shades.some((s) => String(s.id) === shade)) return address;
    return new URL(address.origin + address.pathname);
  }

  /** The page for this URL, or null when the browser renders it (a signed-in page such as /cart or /admin, or any page while MADE_AT_ONCE are being made). */
  return async function page(url: URL): Promise<Prebuilt | null> {
    const { pages, keys } = current();
    const known = keys.keyOf(url.href);
    const again = known === undefined ? undefined : pages.get(known);
    if (again) return again;
    const matched = pageAddress(url);
    if (!matched) return null;
    // A product's page in demand is found without a read; only a page not kept asks whether its product is there.
    const kept = pages.get(matched.href);
    if (kept) {
      keys.remember(url.href, matched.href);
      return kept;
    }
    const address = await productAddress(matched);
    const key = address.href;
    keys.remember(url.href, key);
    const cached = pages.get(key);
    if (cached) return cached;
    if (making >= MADE_AT_ONCE) return null;
    making++;
    const made = make(address, recounting(pages, key));
    pages.add(key, made);
    made.then(
      (result) => {
        making--;
        if (result === null) pages.forget(key, made);
      },
      () => {
        making--;
        pages.forget(key, made);
      },
    );
    return made;
  };
}
