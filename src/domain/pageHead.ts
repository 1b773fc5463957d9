import type { components } from '../api/schema';
import site from '../content/site.json';
import { brandName } from './brands';
import { cataloguePageOf } from './cataloguePage';
import { pageMatchesNothing, parseCatalogueQuery, resetFilter } from './catalogueQuery';
import { catalogueSearch, type CatalogueQuery } from './catalogueUrl';
import { CATALOGUE_PAGE_SIZE, type Category } from './constants';
import { escapeHtml } from './escapeHtml';
import type { PageRequest } from './pageRequest';
import { pathCategory } from './pathCategory';
import { plainText } from './plainText';
import { totalPrice } from './price';
import { RATING_CHOICES } from './rating';
import { inShade, openingShade, SHADE_PARAM, shadePath } from './shadeChoice';
import { truncate } from './truncate';
import type { CataloguePage, Product } from './types';

/** What the server-rendered page says about itself in its <head>, and the status it is sent with. */
export interface PageHead {
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute; headHtml leaves it out of a noindex page. */
  canonical: string;
  noindex: boolean;
  /** Absolute URL of the page's picture (a product's), for Open Graph. */
  image: string | null;
  jsonLd: object[];
}

export interface PageHeadInput {
  /** As requested: paths match case-insensitively, like the router's. */
  pathname: string;
  /** The URL query, with or without its '?'. */
  search: string;
  /** The shop's origin as the visitor reached it, such as 'https://rouge.example'. */
  origin: string;
  /** What the page was rendered from, as a visitor reads it. */
  reads: PageReads;
}

/**
 * How a page reads the catalogue: a page of it as GET /products?page=
 * answers, a product as GET /products/{id} answers a visitor (null: none to
 * show); undefined for what has not been read (yet).
 */
export interface PageReads {
  peekPage(request: PageRequest): CataloguePage | undefined;
  peekProduct(id: number): Product | null | undefined;
}

/** A whole list read as the server answers a visitor: each page as cataloguePageOf makes it, each product found in it (disabled ones missing). */
export function listPageReads(products: readonly Product[]): PageReads {
  return {
    peekPage: (request) => cataloguePageOf(products, request),
    peekProduct: (id) => products.find((product) => product.id === id && !product.disable) ?? null,
  };
}

/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;

/** The shop's one currency: the contract's for payments. */
const CURRENCY: components['schemas']['Payment']['currency'] = 'USD';

const SCHEMA = 'https://schema.org';
const title = (name: string) => `${name} · ${site.shopName}`;

const NOT_FOUND = { title: 'Sorry, page not found!', description: "We couldn't find the page you're looking for :(" };
/** What a missing or disabled product's page says, in its head and on the page alike. */
export const PRODUCT_MISSING = { title: 'Product not available', description: 'This product does not exist or is no longer sold.' };

const capitalised = (text: string) =>
  text.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toLocaleUpperCase('en-US'));

/** At most DESCRIPTION_MAX characters, cut at a word where one is near the end. */
function summary(text: string): string {
  if (text.length <= DESCRIPTION_MAX) return text;
  const space = text.lastIndexOf(' ', DESCRIPTION_MAX - 1);
  return truncate(text, space > DESCRIPTION_MAX / 2 ? space : DESCRIPTION_MAX - 1);
}

/** A picture on the shop's own origin made absolute; an https one kept; anything else (a blob: URL) has no public address. */
function absoluteImage(origin: string, image: string): string | null {
  if (/^\/[^/\\]/.test(image)) return origin + image;
  return /^https:\/\//i.test(image) ? image : null;
}

const productPath = (product: Product) => `/detail/${product.id}`;
const categoryPath = (category: Category) => `/listproducts/${category}`;

function breadcrumbs(origin: string, crumbs: { name: string; path: string }[]): object {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: origin + crumb.path,
    })),
  };
}

const HOME_CRUMB = { name: 'Home', path: '/home' };

function missing(origin: string, pathname: string, text: { title: string; description: string }): PageHead {
  return {
    status: 404,
    title: title(text.title),
    description: text.description,
    canonical: origin + pathname,
    noindex: true,
    image: null,
    jsonLd: [],
  };
}

function homeHead(origin: string): PageHead {
  return {
    status: 200,
    title: `${site.shopName} · Makeup Shop`,
    description: `${site.shopName}: ${site.tagline}`,
    canonical: `${origin}/home`,
    noindex: false,
    image: null,
    jsonLd: [],
  };
}

function aboutHead(origin: string): PageHead {
  return {
    status: 200,
    title: title('About'),
    description: `${site.tagline} Meet the team that builds the shop.`,
    canonical: `${origin}/about`,
    noindex: false,
    image: null,
    jsonLd: [],
  };
}

const availability = (stock: number) => `${SCHEMA}/${stock > 0 ? 'InStock' : 'OutOfStock'}`;

/** One Offer, or (a product in shades) an AggregateOffer holding one Offer per shade, each with its sku, name, stock and address. */
function offersOf(origin: string, product: Product): object {
  const price = totalPrice(product.price, product.discount);
  const url = origin + productPath(product);
  if (product.shades.length === 0)
    return { '@type': 'Offer', price, priceCurrency: CURRENCY, availability: availability(product.stock), url };
  return {
    '@type': 'AggregateOffer',
    price,
    lowPrice: price,
    highPrice: price,
    priceCurrency: CURRENCY,
    availability: availability(product.stock),
    offerCount: product.shades.length,
    url,
    offers: product.shades.map((shade) => ({
      '@type': 'Offer',
      sku: `${product.id}-${shade.id}`,
      name: `${product.name} - ${shade.name}`,
      price,
      priceCurrency: CURRENCY,
      availability: availability(shade.stock),
      url: origin + shadePath(product.id, shade),
    })),
  };
}

/** A product's page, opened on a shade (the URL's `shade`): its picture is the shade's; the page's address stays the product's. */
function productHead(origin: string, product: Product, shadeParam: string | null): PageHead {
  const url = origin + productPath(product);
  const image = absoluteImage(origin, inShade(product, openingShade(product, shadeParam)).image);
  const description = summary(plainText(product.description)) || `${product.name} by ${brandName(product.brand)}, at ${site.shopName}.`;
  const jsonLd = {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    ...(image ? { image: [image] } : {}),
    description,
    sku: String(product.id),
    productID: String(product.id),
    brand: { '@type': 'Brand', name: brandName(product.brand) },
    category: product.category,
    url,
    offers: offersOf(origin, product),
    ...(product.reviews > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rank,
            reviewCount: product.reviews,
            bestRating: RATING_CHOICES.at(-1),
            worstRating: RATING_CHOICES[0],
          },
        }
      : {}),
  };
  const crumbs = [
    HOME_CRUMB,
    { name: capitalised(product.category), path: categoryPath(product.category) },
    { name: product.name, path: productPath(product) },
  ];
  return {
    status: 200,
    title: title(product.name),
    description,
    canonical: url,
    noindex: false,
    image,
    jsonLd: [jsonLd, breadcrumbs(origin, crumbs)],
  };
}

/** The query the catalogue shows and its page, read as the catalogue reads it: like its filter machine, a filter that matches nothing is reset (a category page keeps its category). */
function shownPage(
  reads: PageReads,
  query: CatalogueQuery,
  category: Category | undefined,
): { query: CatalogueQuery; view: CataloguePage } | undefined {
  const view = reads.peekPage(query);
  if (!view || !pageMatchesNothing(view, query.filter, category)) return view && { query, view };
  const reset = { ...query, filter: resetFilter(category), page: 1 };
  const resetView = reads.peekPage(reset);
  return resetView && { query: reset, view: resetView };
}

/** /catalogue, or /listproducts/{category}: the page of products the catalogue shows for this query. */
function listingHead(origin: string, reads: PageReads, search: string, category?: Category): PageHead | undefined {
  const shown = shownPage(reads, parseCatalogueQuery(new URLSearchParams(search), category), category);
  if (!shown) return undefined;
  const { query, view } = shown;
  const path = category ? categoryPath(category) : '/catalogue';
  const { brands, categories, offers } = query.filter;
  const chosen = [brands === 'all' ? '' : brandName(brands), categories === 'all' ? '' : capitalised(categories)].filter(Boolean).join(' ');
  const heading = chosen || 'Catalogue';
  const count = `${view.total} ${view.total === 1 ? 'product' : 'products'}${offers ? ' on offer' : ''}`;
  const itemList = {
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: view.items.map((product, index) => ({
      '@type': 'ListItem',
      position: (view.page - 1) * CATALOGUE_PAGE_SIZE + index + 1,
      url: origin + productPath(product),
      name: product.name,
    })),
  };
  const crumb = category ? { name: capitalised(category), path } : { name: 'Catalogue', path };
  return {
    status: 200,
    title: title(view.page > 1 ? `${heading} · Page ${view.page}` : heading),
    description: `Shop ${chosen || 'make-up'} at ${site.shopName}: ${count}. ${site.tagline}`,
    canonical: origin + path + catalogueSearch({ ...query, page: view.page }, category !== undefined),
    noindex: false,
    image: null,
    jsonLd: [...(view.items.length > 0 ? [itemList] : []), breadcrumbs(origin, [HOME_CRUMB, crumb])],
  };
}

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A path's segments, decoded, as the router reads them (one trailing slash is no segment); null when one is empty or does not decode, which matches no page. */
export function pathSegments(pathname: string): string[] | null {
  const segments = pathname === '/' ? [] : pathname.replace(/\/$/, '').split('/').slice(1).map(decoded);
  return segments.every((segment) => segment !== null && segment !== '') ? (segments as string[]) : null;
}

/**
 * The head of a public storefront page (/home, /catalogue with its query,
 * /listproducts/{category}, /detail/{id}, /about); any other path is the
 * not-found page. The route's name matches in any case, and a category too,
 * as in the app's router. Undefined while a read it needs (the
 * catalogue's page, the product) is not there.
 */
export function pageHead({ pathname, search, origin: rawOrigin, reads }: PageHeadInput): PageHead | undefined {
  const origin = rawOrigin.replace(/\/+$/, '');
  const segments = pathSegments(pathname);
  if (!segments) return missing(origin, pathname, NOT_FOUND);
  const [route = 'home', param, ...rest] = segments;
  const value = param ?? null;
  const page = route.toLowerCase();
  if (rest.length > 0) return missing(origin, pathname, NOT_FOUND);
  if (value === null) {
    if (page === 'home') return homeHead(origin);
    if (page === 'catalogue') return listingHead(origin, reads, search);
    if (page === 'about') return aboutHead(origin);
    return missing(origin, pathname, NOT_FOUND);
  }
  const category = page === 'listproducts' ? pathCategory(value) : null;
  if (category) return listingHead(origin, reads, search, category);
  if (page === 'detail') {
    const id = Number(value);
    const product = Number.isInteger(id) && id >= 1 ? reads.peekProduct(id) : null;
    if (product === undefined) return undefined;
    return product && !product.disable
      ? productHead(origin, product, new URLSearchParams(search).get(SHADE_PARAM))
      : missing(origin, pathname, PRODUCT_MISSING);
  }
  return missing(origin, pathname, NOT_FOUND);
}

/** JSON inside <script>: no '<' (so no '</script>' or '<!--'), and no line separators old parsers choke on. */
export const scriptJson = (value: object) =>
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const isProduct = (value: object) => (value as { '@type'?: unknown })['@type'] === 'Product';

/** The <head> tags of a page: title, description, canonical or noindex, Open Graph, Twitter card and JSON-LD. */
export function headHtml(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:type', head.jsonLd.some(isProduct) ? 'product' : 'website'),
    meta('property', 'og:site_name', site.shopName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    // A page not to index has no address of its own to share: every missing path gets the same page.
    ...(head.noindex ? [] : [meta('property', 'og:url', head.canonical)]),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...head.jsonLd.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('\n');
}
