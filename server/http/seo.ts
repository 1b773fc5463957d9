import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATEGORIES } from '../../src/domain/constants';
import type { Product } from '../../src/domain/types';
import type { Api } from '../core/api';
import { badRequest } from '../core/errors';
import { visitorProducts } from './visitorProducts';

export interface SeoDependencies {
  api: Api;
  /** The catalogue version: the sitemap is built once per version (and origin). */
  catalogueVersion(): string;
}

/**
 * The origin the visitor reached the shop on, written as the URL standard
 * writes it (as the rendered pages' canonical URLs are); behind a trusted
 * proxy (the app's trustProxy) Fastify reads X-Forwarded-Proto and -Host.
 */
function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw badRequest('The Host header is not valid.', 'host');
  }
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

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

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
    ...paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}

function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

interface Sitemap {
  etag: string;
  body: Buffer;
  gzipped: Buffer;
}

/** /robots.txt, and /sitemap.xml built from the visitor's product list once per catalogue version and origin. */
export function registerSeoRoutes(app: FastifyInstance, deps: SeoDependencies): void {
  const readProducts = visitorProducts(deps.api);
  let cache: { version: string; products: Promise<Product[]>; sitemaps: Map<string, Sitemap> } | null = null;

  async function sitemapFor(origin: string): Promise<Sitemap> {
    const version = deps.catalogueVersion();
    if (cache?.version !== version) cache = { version, products: readProducts(), sitemaps: new Map() };
    const current = cache;
    const products = await current.products.catch((error: unknown) => {
      // A failed read is not kept: the next request tries again.
      if (cache === current) cache = null;
      throw error;
    });
    let sitemap = current.sitemaps.get(origin);
    if (!sitemap) {
      const body = Buffer.from(sitemapXml(origin, products));
      sitemap = { etag: `"${createHash('sha1').update(body).digest('base64url')}"`, body, gzipped: gzipSync(body) };
      if (current.sitemaps.size >= MAX_ORIGINS) current.sitemaps.delete(current.sitemaps.keys().next().value!);
      current.sitemaps.set(origin, sitemap);
    }
    return sitemap;
  }

  app.get('/sitemap.xml', async (request, reply) => {
    const sitemap = await sitemapFor(requestOrigin(request));
    reply.type('application/xml; charset=utf-8').header('etag', sitemap.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === sitemap.etag) return reply.code(304).send();
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(sitemap.gzipped);
    return reply.send(sitemap.body);
  });

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(requestOrigin(request))),
  );
}
