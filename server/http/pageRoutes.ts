import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '~/src/domain/escapeHtml';
import type { Api } from '../core/api';
import { ApiError } from '../core/errors';
import { madeOnce } from '../core/madeOnce';
import { beyondStockAndRatings, perCatalogueVersion, stockAndRatingsLate, visitorCatalogue } from './catalogueVersion';
import { createPages, type RenderPage } from './pages';
import { sendPrebuilt } from './prebuilt';
import { sendError } from './sendError';
import { shellPages } from './shellPreloads';

/** The settings the built page is given in meta tags. */
export interface PageSettings {
  /** PayPal's public client id, given to the page so /payment shows PayPal's buttons; without it the page offers the test payment. */
  paypalClientId?: string;
  /** The Auth emulator's address (local set-up), given to the page, so one build signs in through whichever emulator its server uses. */
  authEmulatorUrl?: string;
}

export interface PageRoutesOptions extends PageSettings {
  api: Api;
  catalogueVersion(): string;
  /** The ids of the products not disabled, ascending: the products a rendered page may show. */
  enabledProductIds(): Promise<readonly number[]>;
  /** The built SPA's folder, or null: without it every path nothing else answered is a bare 404. */
  spa: string | null;
  /** Renders the public storefront pages on the server; without it every page is the built shell the browser renders. */
  renderPage?: RenderPage;
  /** The origin the rendered pages name. */
  origin(): string;
}

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
function pageHtml(html: string, { paypalClientId, authEmulatorUrl }: PageSettings): string {
  const metas = [
    ...(paypalClientId ? [`<meta name="paypal-client-id" content="${escapeHtml(paypalClientId)}" />`] : []),
    ...(authEmulatorUrl ? [`<meta name="auth-emulator" content="${escapeHtml(authEmulatorUrl)}" />`] : []),
  ];
  return metas.length > 0 ? html.replace('</head>', `${metas.join('\n')}\n</head>`) : html;
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

/** What nothing else answered: a page of the shop (rendered on the server when it can be, else the built shell), or a bare 404. */
export async function registerPageRoutes(app: FastifyInstance, options: PageRoutesOptions): Promise<void> {
  const { spa, catalogueVersion } = options;
  // A set of the ids once per change other than stock or ratings (a checkout or a rating changes none).
  const enabledIds = async () => new Set(await options.enabledProductIds());
  const shownIds = perCatalogueVersion(beyondStockAndRatings(catalogueVersion), () => madeOnce(enabledIds));
  const template = spa ? pageHtml(await readFile(join(spa, 'index.html'), 'utf8'), options) : null;
  const shell = spa && template ? await shellPages(template, spa) : null;
  const rendered =
    template && options.renderPage
      ? createPages({
          template,
          render: options.renderPage,
          catalogueVersion: stockAndRatingsLate(catalogueVersion),
          source: visitorCatalogue(options.api, catalogueVersion),
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
    const url = rendered && pageUrl(options.origin(), request);
    // A page that cannot be made now (the database is down, a render failed) is the one the browser renders, with its own
    // failure and Retry.
    const page = url ? await rendered(url).catch((error: unknown) => request.log.error(error)) : null;
    return sendPrebuilt(request, reply, page || (await shell(request.url)));
  });
}
