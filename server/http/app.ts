import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { parseProductImagePath, productImageSvg } from '../../seed/catalogue/productImage';
import { escapeHtml } from '../../src/domain/escapeHtml';
import type { Api, ApiRequest } from '../core/api';
import type { Query, Route } from '../core/contract';
import { ApiError, badRequest, brokenText, unauthorized } from '../core/errors';
import { imageTooLarge, MAX_UPLOAD_BYTES } from '../core/images';
import { madeOnce } from '../core/madeOnce';
import type { Identity, ProductRow, UploadedFile } from '../core/ports';
import { createCatalogueCache } from './catalogueCache';
import { bodyLimitOf, DEFAULT_BODY_LIMIT } from './bodyLimits';
import { answeredEarly, clientErrorAnswer } from './clientErrors';
import { beyondStockAndRatings, perCatalogueVersion, stockAndRatingsLate, visitorCatalogue } from './catalogueVersion';
import { isHealthCheck, misdirected, shopHosts } from './hosts';
import { createPages, type RenderPage } from './pages';
import { brokenQueryField } from './queryEncoding';
import { sendPrebuilt, sendPrebuiltRaw } from './prebuilt';
import { DEFAULT_RATE_LIMITS, MINUTE, rateLimitOf, registerRateLimits, type RateLimits } from './rateLimits';
import { securityHeaders } from './securityHeaders';
import { registerSeoRoutes } from './seo';
import { shellPages } from './shellPreloads';
import { CONNECTIONS } from './connections';

export interface AppOptions {
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
  /** Off unless configured: only then does request.ip (which anonymous callers are rate-limited by) follow X-Forwarded-For, and the host checked X-Forwarded-Host. */
  trustProxy?: false | string[];
  rateLimits?: Partial<RateLimits>;
  /** Origins besides the shop's, PayPal's and Firebase's that the page may call, such as the Auth emulator's. */
  connectOrigins?: readonly string[];
  /** Origins the page may frame besides PayPal's, such as the Firebase project's auth domain. */
  frameOrigins?: readonly string[];
  /** PayPal's public client id, given to the page so /payment shows PayPal's buttons; without it the page offers the test payment. */
  paypalClientId?: string;
  /** The Auth emulator's address (local set-up), given to the page, so one build signs in through whichever emulator its server uses. */
  authEmulatorUrl?: string;
  /** Renders the public storefront pages on the server; without it every page is the built shell the browser renders. */
  renderPage?: RenderPage;
  /** The shop's address as visitors reach it: the only host answered (besides the loopback names, when it is on loopback), and what canonical links, Open Graph tags, the sitemap and robots.txt name; without it, the loopback names are answered and the address the server listens on is named. */
  publicOrigin?: string;
}

const sendError = (reply: FastifyReply, error: ApiError) => reply.code(error.status).type('application/json').send(error.body);

/** The query as Fastify's parser read it: a name given more than once holds every value, which the contract refuses for its own parameters. */
function queryOf(query: unknown): Query {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : String(v)]),
  );
}

/** Reads the request's one multipart file when called, its refusals in the contract's terms. */
const fileReader = (request: FastifyRequest) => async (): Promise<UploadedFile | undefined> => {
  if (!request.isMultipart()) return undefined;
  try {
    const part = await request.file();
    if (!part) return undefined;
    return { bytes: new Uint8Array(await part.toBuffer()), filename: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
    // Anything else here is the body's doing: a malformed or cut-off multipart stream.
    throw badRequest('Send one image file.', 'file');
  }
};

/**
 * Whether a path nothing else answered gets the shop's page (its not-found
 * page, for one that names a file: /home.html, /nope.txt): all but the API,
 * pictures, uploads and the build's files (/assets/: a script, a style, a
 * source map), whose 404 stays a bare one, so a missing chunk fails as one.
 */
function isPage(url: string): boolean {
  return !/^\/(api|images|uploads|assets)(\/|$)/i.test(url.split('?', 1)[0]!);
}


/** The built page, with the server's PayPal client id and Auth emulator in meta tags the payment step and the sign-in read. */
function pageHtml(html: string, { paypalClientId, authEmulatorUrl }: Pick<AppOptions, 'paypalClientId' | 'authEmulatorUrl'>): string {
  const metas = [
    ...(paypalClientId ? [`<meta name="paypal-client-id" content="${escapeHtml(paypalClientId)}" />`] : []),
    ...(authEmulatorUrl ? [`<meta name="auth-emulator" content="${escapeHtml(authEmulatorUrl)}" />`] : []),
  ];
  return metas.length > 0 ? html.replace('</head>', `${metas.join('\n')}\n</head>`) : html;
}

/**
 * The origin pages, the sitemap and robots.txt name: the configured public
 * origin, else the address the server listens on (the local set-up). Never
 * the request's Host, so each page is made once, whatever name it was asked
 * by, and no caller chooses what it links to.
 */
function ownOrigin(server: Server, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin;
  const address = server.address();
  if (address === null || typeof address === 'string') return 'http://localhost';
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

/**
 * The address a page was asked for, on its origin: the request target's
 * path and query (of an absolute-form target, `GET http://other/x`, too). The
 * path is joined, never resolved: `//other.example/x` is a path on this shop,
 * not another host.
 */
function pageUrl(origin: string, request: FastifyRequest): URL | null {
  try {
    const target = request.url.startsWith('/') ? request.url : new URL(request.url).pathname + new URL(request.url).search;
    return new URL(origin + target);
  } catch {
    return null;
  }
}

/** One Fastify app: the API under /api (every route from openapi.yaml, answered by the core), product pictures, uploads and the SPA. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const security = securityHeaders({
    ...(options.connectOrigins ? { connectOrigins: options.connectOrigins } : {}),
    ...(options.frameOrigins ? { frameOrigins: options.frameOrigins } : {}),
  });
  const cache = createCatalogueCache(options.catalogueVersion, options.storefrontCatalogue);
  const early = answeredEarly();
  const ownHost = shopHosts({ publicOrigin: options.publicOrigin, trustProxy: options.trustProxy ?? false });
  const app: FastifyInstance = Fastify({
    // A request for another host is refused, and a catalogue read the router has answered before is sent again as it was, before routing.
    serverFactory: (route) => {
      const server = createServer({ connectionsCheckingInterval: CONNECTIONS.checkEveryMs }, (request, response) => {
        early.watch(request, response);
        try {
          if (!ownHost(request) && !isHealthCheck(request)) return misdirected(response, security);
          const answer = cache.early(request);
          if (!answer) return route(request, response);
          sendPrebuiltRaw(request, response, answer, security);
          app.log.info({ url: request.url, statusCode: response.statusCode }, 'answered from the catalogue cache');
        } catch (error) {
          // Outside the framework nothing else would catch it, and the process would end.
          app.log.error(error);
          if (!response.headersSent) route(request, response);
        }
      });
      server.headersTimeout = CONNECTIONS.headersMs;
      server.requestTimeout = CONNECTIONS.requestMs;
      server.keepAliveTimeout = CONNECTIONS.keepAliveMs;
      server.setTimeout(CONNECTIONS.idleMs);
      server.maxConnections = CONNECTIONS.most;
      return server;
    },
    logger: options.logger ?? false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    clientErrorHandler: clientErrorAnswer(security, early.has),
    // A path the router cannot decode (broken percent-encoding), answered before any hook runs.
    frameworkErrors: (_error, _request, reply) => {
      reply.headers(security);
      return sendError(reply, badRequest('The address is not valid.', 'path'));
    },
  });
  const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  // The verified caller, asked once per request: by the rate limits and then by the core.
  const callers = new WeakMap<FastifyRequest, Promise<Identity | null>>();
  const callerOf = (request: FastifyRequest) => {
    let caller = callers.get(request);
    if (!caller) callers.set(request, (caller = options.api.identify(request.headers.authorization)));
    return caller;
  };

  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  await registerRateLimits(app, callerOf);

  // The core parses JSON itself, so a malformed body is the contract's 400 on every backend.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 5 }, throwFileSizeLimit: true });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    if (error.statusCode === 413) return sendError(reply, new ApiError(413, 'The request is too large.'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new ApiError(400, 'The request could not be read.', 'body'));
    }
    request.log.error(error);
    return sendError(reply, new ApiError(500, 'Something went wrong on our side. Please try again.'));
  });

  for (const route of options.api.routes) {
    const respond = async (request: FastifyRequest) => {
      const input: ApiRequest = {
        path: (request.params ?? {}) as Record<string, string>,
        query: queryOf(request.query),
        authorization: request.headers.authorization ?? null,
        headers: request.headers,
        ...(typeof request.body === 'string' ? { json: request.body } : {}),
        ...(route.multipart ? { file: fileReader(request) } : {}),
      };
      const caller = callers.get(request);
      return options.api.handle(route, caller ? { ...input, identity: caller } : input);
    };
    const cacheable = cache.cacheable(route);
    const rateLimit = rateLimitOf(route, limits);
    app.route({
      method: route.method.toUpperCase() as Uppercase<Route['method']>,
      url: `/api${route.path.replace(/\{(\w+)\}/g, ':$1')}`,
      bodyLimit: bodyLimitOf(route.operationId),
      ...(rateLimit ? { config: { rateLimit } } : {}),
      // The caller first, before the rate limits (which count verified callers' calls) and the body: a call that needs a verified user, or sends a token, is refused unread without one, an Admin's without an Admin. Its body is then let through unread, not parsed: closing at once would reset a client still sending it before it read the refusal, and one that never finishes is closed by the request timeout.
      ...(route.auth === 'none'
        ? {}
        : {
            onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
              if (route.auth === 'optional' && !request.headers.authorization) return;
              const refused = route.admin
                ? await options.api.refusal(route, { authorization: request.headers.authorization ?? null, identity: callerOf(request) })
                : (await callerOf(request)) ? null : { status: 401, body: unauthorized().body };
              if (!refused) return;
              return reply.code(refused.status).type('application/json').send(refused.body);
            },
          }),
      handler: async (request, reply) => {
        const broken = brokenQueryField(request.url);
        if (broken !== null) return sendError(reply, brokenText(broken));
        if (cacheable && !request.headers.authorization) {
          return cache.serve(route, { path: (request.params ?? {}) as Record<string, string>, query: queryOf(request.query) }, request, reply, () => respond(request));
        }
        if (cache.wholeList(route, queryOf(request.query))) {
          const caller = await callerOf(request);
          return cache.serveWholeList(caller ? `uid:${caller.uid}` : `ip:${request.ip}`, request, reply, () => respond(request));
        }
        const result = await respond(request);
        if (route.method !== 'get') await options.afterWrite();
        reply.code(result.status);
        return result.body === undefined ? reply.send() : reply.type('application/json').send(result.body);
      },
    });
  }

  app.get('/images/products/:file', async (request, reply) => {
    const image = parseProductImagePath((request.params as { file: string }).file);
    if (!image) return sendError(reply, new ApiError(404, 'Image not found.'));
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(productImageSvg(image.category, image.hex));
  });
  const catalogue = visitorCatalogue(options.api, options.catalogueVersion);
  // Read again only when products are added, disabled or enabled: a checkout or a rating changes none.
  const shownIds = perCatalogueVersion(beyondStockAndRatings(options.catalogueVersion), () => madeOnce(async () => new Set(await options.enabledProductIds())));
  const origin = () => ownOrigin(app.server, options.publicOrigin);
  registerSeoRoutes(app, { productIds: options.enabledProductIds, catalogueVersion: options.catalogueVersion, origin, rateLimit: { max: limits.sitemapsPerMinute, timeWindow: MINUTE } });

  await mkdir(options.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  const spa = options.staticDir && existsSync(options.staticDir) ? options.staticDir : null;
  if (spa) {
    await app.register(fastifyStatic, {
      root: spa,
      wildcard: false,
      // The page itself is answered below, with the settings it reads.
      index: false,
      // The build wrote .br and .gz copies: sent to browsers that accept them.
      preCompressed: true,
      // Source maps are built (hidden) for error reports, the compressed copies are sent for their file, and the mock backend's worker belongs to the demo build: none is served.
      allowedPath: (path) => !/\.(map|br|gz)$/.test(path) && path !== '/index.html' && path !== '/mockServiceWorker.js',
      // Our own cache-control (the plugin's default would replace it on the compressed copies): hashed files for a year, the rest asked again.
      cacheControl: false,
      setHeaders: (response, path) => {
        response.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same address is sent brotli, gzip or plain: a shared cache must keep them apart.
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  const template = spa ? pageHtml(await readFile(join(spa, 'index.html'), 'utf8'), options) : null;
  const shell = spa && template ? await shellPages(template, spa) : null;
  const rendered =
    template && options.renderPage
      ? createPages({
          template,
          render: options.renderPage,
          catalogueVersion: stockAndRatingsLate(options.catalogueVersion),
          source: catalogue,
          shownIds: () => shownIds()(),
        })
      : null;

  app.setNotFoundHandler(async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    // An old bookmark of the built file gets the shop's front page.
    if (read && shell && /^\/index\.html$/i.test(request.url.split('?', 1)[0]!)) return reply.redirect('/', 301);
    if (!read || !shell || !isPage(request.url)) {
      return sendError(reply, new ApiError(404, 'Not found.'));
    }
    // The shop's address opens its home page, as the router's index route does.
    if (/^\/(\?|$)/.test(request.url)) return reply.redirect(`/home${request.url.slice(1)}`, 302);
    const url = rendered && pageUrl(origin(), request);
    // A page that cannot be made now (the database is down, a render failed) is the one the browser renders, with its own failure and Retry.
    const page = url ? await rendered(url).catch((error: unknown) => request.log.error(error)) : null;
    return sendPrebuilt(request, reply, page || (await shell(request.url)));
  });

  return app;
}
