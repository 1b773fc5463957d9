import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATEGORIES } from '../../src/domain/constants';
import { escapeHtml } from '../../src/domain/escapeHtml';
import type { Product } from '../../src/domain/types';
import { badRequest, notFound } from '../core/errors';
import { perCatalogueVersion } from './catalogueVersion';
import { prebuild, sendPrebuilt, type Prebuilt } from './prebuilt';

export interface SeoDependencies {
  /** A visitor's product list, read once per catalogue version. */
  products(): Promise<Product[]>;
  /** The catalogue version: the sitemap is built once per version (and origin). */
  catalogueVersion(): string;
  /** The shop's origin as the sitemap and robots.txt name it; null when the request's Host is not a valid one. */
  origin(request: FastifyRequest): string | null;
}

/** The storefront pages besides products and categories, as the sitemap lists them. */
const PAGES = ['/home', '/catalogue', '/about'];

/**
 * Paths crawlers are asked to leave alone: the API, the admin side and the
 * signed-in or form pages. Robots rules are case-sensitive, the router is
 * not, so the spec's own spellings (/Login, /resetPassword) are listed too.
 * /cart stays crawlable: Lighthouse's SEO audit fails a page robots.txt
 * disallows, and the cart is one of the pages the shop is measured on.
 */
const DISALLOWED = ['/admin', '/api', '/payment', '/profile', '/favorites', '/order', '/login', '/Login', '/register', '/resetPassword', '/resetpassword', '/dashboard'];

/** Distinct origins kept per catalogue version: the Host header is the caller's to choose. */
const MAX_ORIGINS = 16;

/** The most addresses one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Every enabled product's page, every category's page and the other
 * storefront pages, on the given origin: one urlset while they fit in
 * `perFile` addresses, else a sitemap index (served as /sitemap.xml) naming
 * /sitemaps/1.xml, /sitemaps/2.xml... which hold them in order.
 */
export function sitemapFiles(origin: string, products: readonly Pick<Product, 'id' | 'disable'>[], perFile = SITEMAP_MAX_URLS): { index: string | null; files: string[] } {
  const paths = [
    ...PAGES,
    ...CATEGORIES.map((category) => `/listproducts/${category}`),
    ...products.filter((product) => !product.disable).map((product) => `/detail/${product.id}`),
  ];
  const files: string[] = [];
  for (let start = 0; start < paths.length; start += perFile) {
    const urls = paths.slice(start, start + perFile).map((path) => `<url><loc>${escapeHtml(origin + path)}</loc></url>`);
    files.push([XML_HEAD, `<urlset xmlns="${SITEMAP_NS}">`, ...urls, '</urlset>', ''].join('\n'));
  }
  if (files.length === 1) return { index: null, files };
  const entries = files.map((_, i) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return { index: [XML_HEAD, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...entries, '</sitemapindex>', ''].join('\n'), files };
}

function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

interface Sitemaps {
  /** What /sitemap.xml answers: the one urlset, or the index of several. */
  root: Prebuilt;
  /** /sitemaps/{n}.xml, when there is an index. */
  files: Prebuilt[];
}

const XML = 'application/xml; charset=utf-8';

/** /robots.txt, and /sitemap.xml (with /sitemaps/{n}.xml past SITEMAP_MAX_URLS) built from the visitor's product list once per catalogue version and origin. */
export function registerSeoRoutes(app: FastifyInstance, deps: SeoDependencies): void {
  const sitemaps = perCatalogueVersion(deps.catalogueVersion, () => new Map<string, Promise<Sitemaps>>());

  function sitemapsFor(origin: string): Promise<Sitemaps> {
    const current = sitemaps();
    let sitemap = current.get(origin);
    if (!sitemap) {
      const made = deps.products().then((products) => {
        const { index, files } = sitemapFiles(origin, products);
        return index === null ? { root: prebuild(files[0]!, XML), files: [] } : { root: prebuild(index, XML), files: files.map((file) => prebuild(file, XML)) };
      });
      sitemap = made;
      current.set(origin, made);
      if (current.size > MAX_ORIGINS) current.delete(current.keys().next().value!);
      // A failed read is not kept: the next request tries again.
      made.catch(() => current.get(origin) === made && current.delete(origin));
    }
    return sitemap;
  }

  const originOf = (request: FastifyRequest) => {
    const origin = deps.origin(request);
    if (origin === null) throw badRequest('The Host header is not valid.', 'host');
    return origin;
  };

  app.get('/sitemap.xml', async (request, reply) => sendPrebuilt(request, reply, (await sitemapsFor(originOf(request))).root));

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const file = part === undefined ? undefined : (await sitemapsFor(originOf(request))).files[Number(part) - 1];
    if (!file) throw notFound('Sitemap');
    return sendPrebuilt(request, reply, file);
  });

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(originOf(request))),
  );
}
