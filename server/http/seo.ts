import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATEGORIES } from '../../src/domain/constants';
import { escapeHtml } from '../../src/domain/escapeHtml';
import type { Product } from '../../src/domain/types';
import { badRequest } from '../core/errors';
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


/** Every enabled product's page, every category's page and the other storefront pages, on the given origin. */
function sitemapXml(origin: string, products: readonly Product[]): string {
  const paths = [
    ...PAGES,
    ...CATEGORIES.map((category) => `/listproducts/${category}`),
    ...products.filter((product) => !product.disable).map((product) => `/detail/${product.id}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `<url><loc>${escapeHtml(origin + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** /robots.txt, and /sitemap.xml built from the visitor's product list once per catalogue version and origin. */
export function registerSeoRoutes(app: FastifyInstance, deps: SeoDependencies): void {
  const sitemaps = perCatalogueVersion(deps.catalogueVersion, () => new Map<string, Promise<Prebuilt>>());

  function sitemapFor(origin: string): Promise<Prebuilt> {
    const current = sitemaps();
    let sitemap = current.get(origin);
    if (!sitemap) {
      const made = deps.products().then((products) => prebuild(sitemapXml(origin, products), 'application/xml; charset=utf-8'));
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

  app.get('/sitemap.xml', async (request, reply) => sendPrebuilt(request, reply, await sitemapFor(originOf(request))));

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(originOf(request))),
  );
}
