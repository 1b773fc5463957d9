// What shoppers ask of a large catalogue, as GET /api/products paths: catalogue pages of the sorts and filters shoppers
// pick and searches for what they type, drawn from a seeded generator so every run asks the same mix; and queries no
// request asked before, for the worst case of the cache.

/** A search result page as the search box asks it (SEARCH_RESULTS). */
const SEARCH_PAGE_SIZE = 48;
/** A catalogue page's products (CATALOGUE_PAGE_SIZE). */
const CATALOGUE_PAGE_SIZE = 16;
const SORTS = ['popular', 'popular', 'popular', 'newest', 'priceAsc', 'offers', 'priceDesc', 'A-Z', 'Z-A'];
const PRICE_RANGES = [
  [0, 10],
  [10, 25],
  [25, 50],
  [50, 100],
];

/** A seeded generator (mulberry32): the same mix on every run. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sort and filters as shoppers pick them: the default sort most, a brand, a category, a colour family, a price range, offers now and then. */
function filtersOf(random, facets) {
  const params = new URLSearchParams();
  const sort = SORTS[Math.floor(random() * SORTS.length)];
  if (sort !== 'popular') params.set('sort', sort);
  if (random() < 0.4) params.set('brand', facets.brands[Math.floor(random() * facets.brands.length)].value);
  if (random() < 0.5) params.set('category', facets.categories[Math.floor(random() * facets.categories.length)].value);
  if (random() < 0.2) params.set('colour', facets.colours[Math.floor(random() * facets.colours.length)].value);
  if (random() < 0.2) {
    const [min, max] = PRICE_RANGES[Math.floor(random() * PRICE_RANGES.length)];
    params.set('min', String(min));
    params.set('max', String(max));
  }
  if (random() < 0.1) params.set('offers', 'true');
  return params;
}

/** The pages a query's brand, category and colour leave (as the catalogue's counts tell them; a price range or offers make some past the last, answered as the last). */
function pagesOf(params, facets, total) {
  const countOf = (list, value) => list.find((facet) => facet.value === value)?.count ?? total;
  const brand = params.has('brand') ? countOf(facets.brands, params.get('brand')) / total : 1;
  const category = params.has('category') ? countOf(facets.categories, params.get('category')) / total : 1;
  const colour = params.has('colour') ? countOf(facets.colours, params.get('colour')) / total : 1;
  return Math.max(1, Math.ceil((total * brand * category * colour) / CATALOGUE_PAGE_SIZE));
}

/** What the search box sends while a shopper types a word of a product's name: its first 3 letters, then 4, and so on. */
function typedParts(names) {
  const parts = [];
  for (const word of names.flatMap((name) => name.toLowerCase().split(' ')))
    for (let length = 3; length <= word.length; length++) parts.push(word.slice(0, length));
  return parts;
}

/**
 * What shoppers ask, drawn afresh for each request: a catalogue page of a
 * sort and filters, mostly its first page, now and then one anywhere in
 * it; a search for what is typed of a word of a product's name, the words
 * of more products typed more often.
 */
export function shopperDraws(random, facets, total, names) {
  const parts = typedParts(names);
  return {
    page: () => {
      const params = filtersOf(random, facets);
      const draw = random();
      params.set(
        'page',
        String(
          draw < 0.6
            ? 1
            : draw < 0.8
              ? 2
              : draw < 0.95
                ? 3 + Math.floor(random() * 8)
                : 1 + Math.floor(random() * pagesOf(params, facets, total)),
        ),
      );
      return `/api/products?${params}`;
    },
    search: () =>
      `/api/products?name=${encodeURIComponent(parts[Math.floor(random() * parts.length)])}&page=1&pageSize=${SEARCH_PAGE_SIZE}`,
  };
}

/**
 * Queries no request has asked before (`asked` holds those that were, and
 * grows): a catalogue page of any sort and filters at a page drawn across
 * all its pages, and a search for a part of a product's name, 3 to 14
 * letters from anywhere in it.
 */
export function neverAsked(random, facets, total, names, asked) {
  const fresh = (draw) => {
    for (let tries = 0; tries < 1000; tries++) {
      const path = draw();
      if (!asked.has(path)) {
        asked.add(path);
        return path;
      }
    }
    throw new Error('No query left that was never asked');
  };
  const parts = new Set();
  for (const name of names.map((n) => n.toLowerCase())) {
    for (let start = 0; start < name.length; start++) {
      for (let length = 3; length <= 14 && start + length <= name.length; length++) {
        const part = name.slice(start, start + length);
        if (!part.startsWith(' ') && !part.endsWith(' ')) parts.add(part);
      }
    }
  }
  const distinct = [...parts];
  return {
    page: () =>
      fresh(() => {
        const params = filtersOf(random, facets);
        params.set('page', String(1 + Math.floor(random() * pagesOf(params, facets, total))));
        return `/api/products?${params}`;
      }),
    search: () =>
      fresh(
        () =>
          `/api/products?name=${encodeURIComponent(distinct[Math.floor(random() * distinct.length)])}&page=1&pageSize=${SEARCH_PAGE_SIZE}`,
      ),
  };
}
