import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { CATEGORIES } from '~/src/domain/brandsAndCategories';
import { escapeHtml } from '~/src/domain/escapeHtml';
import { notFound } from '../core/errors';
import { madeOnce } from '../core/madeOnce';
import { ITEMS_PER_TURN, nextTurn } from '../core/turns';
import { beyondStockAndRatings, perCatalogueVersion } from './catalogueVersion';
import { prebuildText, sendPrebuilt, type Prebuilt } from './prebuilt';

export interface SeoDependencies {
  /** The ids of the products a visitor may see (disabled ones left out, sold-out ones kept), ascending: read only when a sitemap is built. */
  productIds(): Promise<readonly number[]>;
  /** The catalogue version: the sitemap is built once per version. */
  catalogueVersion(): string;
  /** The shop's origin as the sitemap and robots.txt name it. */
  origin(): string;
  /** How many sitemap files one visitor may ask for (@fastify/rate-limit's route config); none when not given. */
  rateLimit?: RateLimitOptions;
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
export const DISALLOWED = [
  '/admin',
  '/api',
  '/payment',
  '/profile',
  '/favorites',
  '/order',
  '/login',
  '/Login',
  '/register',
  '/resetPassword',
  '/resetpassword',
  '/dashboard',
];

/** The most addresses one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * The page of each product given (the enabled ones), every category's page
 * and the other storefront pages, on the given origin: one urlset while they
 * fit in `perFile` addresses, else a sitemap index (served as /sitemap.xml)
 * naming /sitemaps/1.xml, /sitemaps/2.xml... which hold them in order. Each
 * file is written when asked for, ITEMS_PER_TURN addresses at a time with a
 * turn of the event loop between two: the index needs only how many there
 * are, so a large catalogue's /sitemap.xml writes none of its 50,000-address
 * files.
 */
export function sitemapFiles(
  origin: string,
  productIds: readonly number[],
  perFile = SITEMAP_MAX_URLS,
): { index: string | null; files: (() => AsyncIterable<string>)[] } {
  const fixed = [...PAGES, ...CATEGORIES.map((category) => `/listproducts/${category}`)];
  const count = fixed.length + productIds.length;
  // The paths hold no character to escape (ids and the fixed names): the origin is escaped once.
  const loc = escapeHtml(origin);
  const url = (i: number) => `<url><loc>${loc}${i < fixed.length ? fixed[i] : `/detail/${productIds[i - fixed.length]}`}</loc></url>\n`;
  const files = Array.from({ length: Math.ceil(count / perFile) }, (_, file) => {
    const [first, end] = [file * perFile, Math.min(count, (file + 1) * perFile)];
    return async function* () {
      yield `${XML_HEAD}\n<urlset xmlns="${SITEMAP_NS}">\n`;
      for (let at = first; at < end; at += ITEMS_PER_TURN) {
        if (at > first) await nextTurn();
        let urls = '';
        for (let i = at; i < Math.min(end, at + ITEMS_PER_TURN); i++) urls += url(i);
        yield urls;
      }
      yield '</urlset>\n';
    };
  });
  if (files.length === 1) return { index: null, files };
  const entries = files.map((_, i) => `<sitemap><loc>${loc}/sitemaps/${i + 1}.xml</loc></sitemap>`);
  return { index: [XML_HEAD, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...entries, '</sitemapindex>', ''].join('\n'), files };
}

function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

interface Sitemaps {
  /** What /sitemap.xml answers: the one urlset, or the index of several. */
  root: () => Promise<Prebuilt>;
  /** /sitemaps/{n}.xml, when there is an index: each made the first time it is asked for. */
  files: (() => Promise<Prebuilt>)[];
}

/** The ids the sitemaps list, and the sitemaps made of them on the origin they name. */
interface Listing {
  ids: readonly number[];
  made?: { origin: string; sitemaps: Sitemaps };
}

const XML = 'application/xml; charset=utf-8';

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * /robots.txt, and /sitemap.xml (with /sitemaps/{n}.xml past SITEMAP_MAX_URLS)
 * built from the enabled products' ids. The ids are read again once per
 * catalogue change other than stock or ratings (a checkout or a rating
 * changes none), and the sitemaps made again only when they differ: a new
 * price or name leaves them as they were, and at 100,000 products making
 * them held the event loop some 30 ms, their compression now in the thread
 * pool.
 */
export function registerSeoRoutes(app: FastifyInstance, deps: SeoDependencies): void {
  let last: Listing | null = null;
  // The ids read, with the sitemaps made of them: the last list's own while the ids are the same.
  const read = () => deps.productIds().then((ids) => (last && sameIds(last.ids, ids) ? last : (last = { ids })));
  const listings = perCatalogueVersion(beyondStockAndRatings(deps.catalogueVersion), () => madeOnce(read));
  const made = (text: () => AsyncIterable<string>) => madeOnce(() => prebuildText(text(), XML));

  async function sitemaps(): Promise<Sitemaps> {
    const listing = await listings()();
    const origin = deps.origin();
    if (listing.made?.origin !== origin) {
      const { index, files } = sitemapFiles(origin, listing.ids);
      const built =
        index === null
          ? { root: made(files[0]!), files: [] }
          : {
              root: made(async function* () {
                yield index;
              }),
              files: files.map(made),
            };
      listing.made = { origin, sitemaps: built };
    }
    return listing.made.sitemaps;
  }

  const limited = deps.rateLimit ? { config: { rateLimit: deps.rateLimit } } : {};

  app.get('/sitemap.xml', limited, async (request, reply) => sendPrebuilt(request, reply, await (await sitemaps()).root()));

  app.get<{ Params: { file: string } }>('/sitemaps/:file', limited, async (request, reply) => {
    const part = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const file = part === undefined ? undefined : (await sitemaps()).files[Number(part) - 1];
    if (!file) throw notFound('Sitemap');
    return sendPrebuilt(request, reply, await file());
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(deps.origin())),
  );
}
