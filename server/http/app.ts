import type { FastifyInstance } from 'fastify';
import type { Api } from '../core/api';
import type { ProductRow } from '../core/ports';
import { registerApiRoutes } from './apiRoutes';
import { madeOnce } from '../core/madeOnce';
import { createCatalogueCache } from './catalogueCache';
import { beyondStockAndRatings, perCatalogueVersion } from './catalogueVersion';
import { registerPageRoutes, type PageSettings } from './pageRoutes';
import type { RenderPage } from './pages';
import { DEFAULT_RATE_LIMITS, MINUTE, type RateLimits } from './rateLimits';
import { securityHeaders } from './securityHeaders';
import { registerSeoRoutes } from './seo';
import { createShopServer, ownOrigin } from './server';
import { registerBuild, registerProductPictures, registerUploads } from './staticFiles';

export interface AppOptions extends PageSettings {
  api: Api;
  /** The current catalogue version, so serialised product lists are reused until products change. */
  catalogueVersion(): string;
  /** The ids of the products not disabled, ascending (the store's read): what the sitemap lists. */
  enabledProductIds(): Promise<readonly number[]>;
  /** The storefront catalogue (the store's read), by which the catalogue cache tells a sale from other changes. */
  storefrontCatalogue(): Promise<readonly ProductRow[]>;
  /** Called after every write, before its answer leaves. */
  afterWrite(): Promise<void>;
  /** The built SPA (dist/), served with history fallback when present. */
  staticDir?: string;
  uploadsDir: string;
  logger?: boolean | object;
  /**
   * Off unless configured: only then does request.ip (which anonymous callers are rate-limited by) follow X-Forwarded-For,
   * and the host checked X-Forwarded-Host.
   */
  trustProxy?: false | string[];
  rateLimits?: Partial<RateLimits>;
  /** Origins besides the shop's, PayPal's and Firebase's that the page may call, such as the Auth emulator's. */
  connectOrigins?: readonly string[];
  /** Origins the page may frame besides PayPal's, such as the Firebase project's auth domain. */
  frameOrigins?: readonly string[];
  /** Renders the public storefront pages on the server; without it every page is the built shell the browser renders. */
  renderPage?: RenderPage;
  /**
   * The shop's address as visitors reach it: the only host answered (besides the loopback names, when it is on loopback),
   * and what canonical links, Open Graph tags, the sitemap and robots.txt name; without it, the loopback names are answered
   * and the address the server listens on is named.
   */
  publicOrigin?: string;
}

/**
 * One Fastify app: the API under /api (every route from openapi.yaml, answered by the core), product pictures, the sitemap
 * and robots.txt, uploads, the SPA's files and its pages. The order holds: the security headers are set first on every
 * answer, and each API route checks its caller before its rate limit and body.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { api, catalogueVersion, publicOrigin, connectOrigins, frameOrigins } = options;
  const security = securityHeaders({ ...(connectOrigins ? { connectOrigins } : {}), ...(frameOrigins ? { frameOrigins } : {}) });
  const cache = createCatalogueCache(catalogueVersion, options.storefrontCatalogue);
  const app = createShopServer({ security, cache, publicOrigin, trustProxy: options.trustProxy ?? false, logger: options.logger ?? false });
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const origin = () => ownOrigin(app.server, publicOrigin);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  await registerApiRoutes(app, { api, cache, limits, afterWrite: options.afterWrite });
  registerProductPictures(app);
  // The products a visitor may see, read once per change other than stock or ratings, for the sitemap and the pages' missing-product check alike.
  const visibleIds = perCatalogueVersion(beyondStockAndRatings(catalogueVersion), () => madeOnce(options.enabledProductIds));
  const enabledProductIds = () => visibleIds()();
  const sitemapLimit = { max: limits.sitemapsPerMinute, timeWindow: MINUTE };
  registerSeoRoutes(app, { productIds: enabledProductIds, catalogueVersion, origin, rateLimit: sitemapLimit });
  await registerUploads(app, options.uploadsDir);
  const spa = await registerBuild(app, options.staticDir);
  await registerPageRoutes(app, { ...options, enabledProductIds, spa, origin });
  return app;
}
