// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { disabled, discounted, seeded, soldOut } from '~/tests/fixtures/catalogue';
import { makeProduct } from '~/tests/fixtures/product';
import { brandName } from './brands';
import { catalogueView, DEFAULT_FILTER } from './catalogue';
import { cataloguePageOf } from './cataloguePage';
import { CATALOGUE_PAGE_SIZE } from './constants';
import { pageKey } from './pageRequest';
import { DESCRIPTION_MAX, headHtml, listPageReads, pageHead, pathSegments, type PageHead, type PageReads } from './pageHead';
import { totalPrice } from './price';
import { storefrontProducts } from './productLists';
import type { Product } from './types';

const origin = 'https://rouge.example';
/** What GET /products answers a visitor: every product but the disabled ones. */
const visible = seeded.filter((p) => !p.disable);
const head = (path: string, products: readonly Product[] = visible) => {
  const [pathname = '', search = ''] = path.split('?');
  // Every read a page makes is answered from the list: the head is never left waiting.
  return pageHead({ pathname, search, origin, reads: listPageReads(products) })!;
};
const ofType = (page: PageHead, type: string) =>
  page.jsonLd.filter((data) => (data as { '@type': string })['@type'] === type) as Record<string, unknown>[];
const only = (page: PageHead, type: string) => {
  const found = ofType(page, type);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const crumbs = (page: PageHead) =>
  (only(page, 'BreadcrumbList').itemListElement as { position: number; name: string; item: string }[]).map(({ name, item }) => [
    name,
    item,
  ]);
const listed = (page: PageHead) => only(page, 'ItemList').itemListElement as { position: number; url: string; name: string }[];

describe('pageHead: home and about', () => {
  it('titles the home page as the shop does, with its canonical address', () => {
    expect(head('/home')).toEqual({
      status: 200,
      title: 'Rouge · Makeup Shop',
      description: 'Rouge: Make-up and beauty, chosen with care.',
      canonical: `${origin}/home`,
      noindex: false,
      image: null,
      jsonLd: [],
    });
  });

  it('matches the route name in any case, with a trailing slash, and / as home', () => {
    for (const path of ['/HOME', '/Home/', '/', '/home?utm_source=x']) expect(head(path).canonical).toBe(`${origin}/home`);
    expect(pageHead({ pathname: '/about', search: '', origin: `${origin}/`, reads: listPageReads(visible) })!.canonical).toBe(
      `${origin}/about`,
    );
  });

  it('describes the about page', () => {
    const about = head('/About');
    expect([about.status, about.title, about.noindex]).toEqual([200, 'About · Rouge', false]);
    expect(about.description).toBe('Make-up and beauty, chosen with care. Meet the team that builds the shop.');
  });
});

describe('pageHead: /detail/{id}', () => {
  it('names the product, describes it in plain text, and gives its picture as an absolute URL', () => {
    const page = head(`/detail/${discounted.id}`);
    expect(page.status).toBe(200);
    expect(page.noindex).toBe(false);
    expect(page.title).toBe(`${discounted.name} · Rouge`);
    expect(page.canonical).toBe(`${origin}/detail/${discounted.id}`);
    expect(page.image).toBe(origin + discounted.shades.find((shade) => shade.stock > 0)!.image);
    expect(page.description).not.toMatch(/[<>]/);
    expect(page.description.length).toBeGreaterThan(0);
    expect(page.description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
  });

  it('cuts a long description at a word, within the cap', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const long = makeProduct({ description: `<p>${words}</p>` });
    const { description } = head(`/detail/${long.id}`, [long]);
    expect(description.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(description).toMatch(/ word\d+…$/);
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
  });

  it('gives JSON-LD Product with the discounted price in the shop currency, availability and url', () => {
    const plain = makeProduct({ price: 20, discount: 25, shades: [] });
    const product = only(head(`/detail/${plain.id}`, [plain]), 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: plain.name,
      image: [origin + plain.image],
      brand: { '@type': 'Brand', name: brandName(plain.brand) },
      sku: String(plain.id),
      url: `${origin}/detail/${plain.id}`,
      offers: {
        '@type': 'Offer',
        price: 15,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${origin}/detail/${plain.id}`,
      },
    });
  });

  it('issue 32: JSON-LD offers per shade, each with its sku, name, availability and address, in an AggregateOffer', () => {
    const product = only(head(`/detail/${discounted.id}`), 'Product');
    const price = totalPrice(discounted.price, discounted.discount);
    expect(price).toBeLessThan(discounted.price);
    expect(product.offers).toMatchObject({
      '@type': 'AggregateOffer',
      price,
      lowPrice: price,
      highPrice: price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      offerCount: discounted.shades.length,
    });
    const offers = (product.offers as { offers: unknown[] }).offers;
    expect(offers).toEqual(
      discounted.shades.map((shade) => ({
        '@type': 'Offer',
        sku: `${discounted.id}-${shade.id}`,
        name: `${discounted.name} - ${shade.name}`,
        price,
        priceCurrency: 'USD',
        availability: `https://schema.org/${shade.stock > 0 ? 'InStock' : 'OutOfStock'}`,
        url: `${origin}/detail/${discounted.id}?shade=${shade.id}`,
      })),
    );
  });

  it("shows the picture of the shade in the URL, else of the first shade in stock; the address stays the product's", () => {
    const [, second] = discounted.shades;
    const opened = head(`/detail/${discounted.id}?shade=${second!.id}`);
    expect(opened.image).toBe(origin + second!.image);
    expect(opened.canonical).toBe(`${origin}/detail/${discounted.id}`);
    expect(head(`/detail/${discounted.id}`).image).toBe(origin + discounted.shades.find((shade) => shade.stock > 0)!.image);
  });

  it('says OutOfStock for a product with no stock, which is still a page', () => {
    const page = head(`/detail/${soldOut.id}`);
    expect(page.status).toBe(200);
    expect(only(page, 'Product').offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('rates the product only when it has reviews', () => {
    const rated = makeProduct({ rank: 4.5, reviews: 12 });
    const unrated = makeProduct({ rank: 0, reviews: 0 });
    expect(only(head(`/detail/${rated.id}`, [rated, unrated]), 'Product').aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 0.5,
    });
    expect(only(head(`/detail/${unrated.id}`, [rated, unrated]), 'Product')).not.toHaveProperty('aggregateRating');
  });

  it('leaves out a picture without a public address, and keeps an https one', () => {
    const blob = makeProduct({ image: 'blob:https://rouge.example/5f1c' });
    const remote = makeProduct({ image: 'https://cdn.example/lipstick.webp' });
    expect(head(`/detail/${blob.id}`, [blob]).image).toBeNull();
    expect(only(head(`/detail/${blob.id}`, [blob]), 'Product')).not.toHaveProperty('image');
    expect(head(`/detail/${remote.id}`, [remote]).image).toBe('https://cdn.example/lipstick.webp');
  });

  it('leads Home > Category > Product', () => {
    expect(crumbs(head(`/detail/${discounted.id}`))).toEqual([
      ['Home', `${origin}/home`],
      [discounted.category.charAt(0).toUpperCase() + discounted.category.slice(1), `${origin}/listproducts/${discounted.category}`],
      [discounted.name, `${origin}/detail/${discounted.id}`],
    ]);
  });

  it('reads the id as the page does: /Detail/012 is product 12, with one canonical address', () => {
    const twelve = makeProduct({ id: 12 });
    expect(head('/Detail/012', [twelve]).canonical).toBe(`${origin}/detail/12`);
  });

  it('answers 404 with noindex for a disabled or unknown product, with no JSON-LD', () => {
    const missing = {
      status: 404,
      title: 'Product not available · Rouge',
      description: 'This product does not exist or is no longer sold.',
      noindex: true,
      image: null,
      jsonLd: [],
    };
    // A visitor's list has no disabled product; a list that has one (an Admin's) still gives no page.
    expect(head(`/detail/${disabled.id}`)).toMatchObject(missing);
    expect(head(`/detail/${disabled.id}`, seeded)).toMatchObject(missing);
    const unknownId = Math.max(...seeded.map((p) => p.id)) + 1;
    for (const id of [unknownId, 0, -1, 1.5, 'abc']) expect(head(`/detail/${id}`)).toMatchObject(missing);
  });
});

describe('pageHead: /catalogue', () => {
  const shown = storefrontProducts(visible);

  it('lists the first page by the default sort, as the catalogue shows it', () => {
    const page = head('/catalogue');
    expect([page.status, page.title, page.canonical]).toEqual([200, 'Catalogue · Rouge', `${origin}/catalogue`]);
    const expected = catalogueView(shown, DEFAULT_FILTER, 'popular', 1).items;
    expect(listed(page)).toEqual(
      expected.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: `${origin}/detail/${p.id}`, name: p.name })),
    );
    expect(listed(page)).toHaveLength(CATALOGUE_PAGE_SIZE);
    expect(page.description).toBe(`Shop make-up at Rouge: ${shown.length} products. Make-up and beauty, chosen with care.`);
    expect(crumbs(page)).toEqual([
      ['Home', `${origin}/home`],
      ['Catalogue', `${origin}/catalogue`],
    ]);
  });

  it('keeps in its canonical only the query that changes the listing, in one order', () => {
    expect(head('/catalogue?page=2&utm_source=mail&offers=1&sort=A-Z&fbclid=x').canonical).toBe(
      `${origin}/catalogue?sort=A-Z&offers=1&page=2`,
    );
    // Defaults and values the catalogue does not know are left out; a swapped price range is put right.
    expect(head('/catalogue?sort=popular&brand=nobody&category=all&page=1&max=5&min=50').canonical).toBe(
      `${origin}/catalogue?min=5&max=50`,
    );
  });

  it('lists the page the query asks for, numbered from the listing start', () => {
    const items = listed(head('/catalogue?sort=A-Z&page=2'));
    const expected = catalogueView(shown, DEFAULT_FILTER, 'A-Z', 2).items;
    expect(items.map((item) => item.name)).toEqual(expected.map((p) => p.name));
    expect(items[0]!.position).toBe(CATALOGUE_PAGE_SIZE + 1);
    expect(head('/catalogue?sort=A-Z&page=2').title).toBe('Catalogue · Page 2 · Rouge');
  });

  it('takes a page past the last as the last, as the catalogue does', () => {
    const last = Math.ceil(shown.length / CATALOGUE_PAGE_SIZE);
    expect(head('/catalogue?page=999').canonical).toBe(`${origin}/catalogue?page=${last}`);
  });

  it('names the brand chosen by its display name (DECISIONS.md) and the category', () => {
    const page = head(`/catalogue?brand=${encodeURIComponent("l'oreal")}&category=lipstick`);
    expect(page.title).toBe("L'Oréal Lipstick · Rouge");
    expect(page.description).toMatch(/^Shop L'Oréal Lipstick at Rouge: \d+ products?\./);
    const matching = shown.filter((p) => p.brand === "l'oreal" && p.category === 'lipstick');
    expect(
      listed(page)
        .map((item) => item.name)
        .sort(),
    ).toEqual(
      matching
        .slice(0, CATALOGUE_PAGE_SIZE)
        .map((p) => p.name)
        .sort(),
    );
  });

  it('resets a filter that matches nothing, keeping the sort, as the catalogue does', () => {
    const page = head('/catalogue?sort=newest&brand=dior&min=99999&page=3');
    expect(page.canonical).toBe(`${origin}/catalogue?sort=newest`);
    expect(listed(page)).toHaveLength(CATALOGUE_PAGE_SIZE);
  });
});

describe('pageHead: /listproducts/{category}', () => {
  it('lists the page the catalogue reads (cataloguePageOf), and resets a filter that matches nothing to the category, as the catalogue does', () => {
    const page = head('/listproducts/lipstick?brand=dior&min=99999&sort=A-Z&page=2');
    expect(page.canonical).toBe(`${origin}/listproducts/lipstick?sort=A-Z`);
    const expected = cataloguePageOf(visible, { filter: { ...DEFAULT_FILTER, categories: 'lipstick' }, sort: 'A-Z', page: 1 }).items;
    expect(expected.length).toBeGreaterThan(0);
    expect(listed(page).map((item) => item.url)).toEqual(expected.map((p) => `${origin}/detail/${p.id}`));
  });

  it('lists the category and leads Home > Category', () => {
    const page = head('/listproducts/lipstick?category=blush&sort=priceAsc');
    expect([page.status, page.title, page.canonical]).toEqual([200, 'Lipstick · Rouge', `${origin}/listproducts/lipstick?sort=priceAsc`]);
    const lipsticks = storefrontProducts(visible).filter((p) => p.category === 'lipstick');
    const expected = catalogueView(lipsticks, { ...DEFAULT_FILTER, categories: 'lipstick' }, 'priceAsc', 1).items;
    expect(listed(page).map((item) => item.url)).toEqual(expected.map((p) => `${origin}/detail/${p.id}`));
    expect(crumbs(page)).toEqual([
      ['Home', `${origin}/home`],
      ['Lipstick', `${origin}/listproducts/lipstick`],
    ]);
  });

  it('matches the route and the category in any case, like the router, with the category written one way', () => {
    expect(head('/ListProducts/mascara').status).toBe(200);
    expect(head('/listproducts/MASCARA')).toMatchObject({
      status: 200,
      title: 'Mascara · Rouge',
      canonical: `${origin}/listproducts/mascara`,
    });
  });

  it('answers 404 with noindex for an unknown category', () => {
    expect(head('/listproducts/perfume')).toMatchObject({
      status: 404,
      noindex: true,
      title: 'Sorry, page not found! · Rouge',
      jsonLd: [],
    });
  });
});

describe('pageHead: what the page read', () => {
  /** The list's reads, each page and product asked for noted; those not yet `known` are not there. */
  const noting = (known: (key: string) => boolean) => {
    const asked: string[] = [];
    const list = listPageReads(visible);
    const reads: PageReads = {
      peekPage: (request) => {
        const key = pageKey(request);
        asked.push(key);
        return known(key) ? list.peekPage(request) : undefined;
      },
      peekProduct: (id) => {
        asked.push(`product ${id}`);
        return known(`product ${id}`) ? list.peekProduct(id) : undefined;
      },
    };
    return { reads, asked };
  };
  const at = (path: string, reads: PageReads) => {
    const [pathname = '', search = ''] = path.split('?');
    return pageHead({ pathname, search, origin, reads });
  };

  it('is not made while the product or the page it shows is not read, and reads only those', () => {
    const detail = noting(() => false);
    expect(at(`/detail/${discounted.id}`, detail.reads)).toBeUndefined();
    expect(detail.asked).toEqual([`product ${discounted.id}`]);
    const listing = noting(() => false);
    expect(at('/catalogue?sort=priceAsc&page=2', listing.reads)).toBeUndefined();
    expect(listing.asked).toEqual([pageKey({ filter: DEFAULT_FILTER, sort: 'priceAsc', page: 2 })]);
    expect(at('/home', noting(() => false).reads)).toEqual(head('/home'));
  });

  it('reads the reset page only once the page asked for matches nothing', () => {
    const asked = { filter: { ...DEFAULT_FILTER, categories: 'lipstick', brands: 'dior', priceMin: 99999 }, sort: 'A-Z', page: 2 } as const;
    const reset = { filter: { ...DEFAULT_FILTER, categories: 'lipstick' }, sort: 'A-Z', page: 1 } as const;
    const path = '/listproducts/lipstick?brand=dior&min=99999&sort=A-Z&page=2';
    const first = noting((key) => key === pageKey(asked));
    expect(at(path, first.reads)).toBeUndefined();
    expect(first.asked).toEqual([pageKey(asked), pageKey(reset)]);
    expect(at(path, noting(() => true).reads)).toEqual(head(path));
  });

  it('shows a product read as missing, or disabled, as the missing product', () => {
    const missing = { peekPage: () => undefined, peekProduct: () => null };
    expect(at(`/detail/${discounted.id}`, missing)).toMatchObject({ status: 404, noindex: true, title: 'Product not available · Rouge' });
    expect(at(`/detail/${disabled.id}`, { ...missing, peekProduct: () => disabled })).toMatchObject({ status: 404, noindex: true });
  });
});

describe('pageHead: the not-found page', () => {
  it('answers any other path with 404, noindex and the not-found texts', () => {
    for (const path of ['/nowhere', '/detail', '/detail/1/reviews', '/home/more', '/listproducts/%E0%A4%A']) {
      expect(head(path)).toMatchObject({
        status: 404,
        noindex: true,
        title: 'Sorry, page not found! · Rouge',
        description: "We couldn't find the page you're looking for :(",
        image: null,
        jsonLd: [],
      });
    }
  });
});

describe('pathSegments', () => {
  it('reads a path as the router does: decoded segments, one trailing slash none; an empty or undecodable segment is no page', () => {
    expect(pathSegments('/')).toEqual([]);
    expect(pathSegments('/detail/1%20/')).toEqual(['detail', '1 ']);
    expect(pathSegments('/%48ome')).toEqual(['Home']);
    for (const path of ['/detail//1', '//home', '/home//', '/detail/%E0%A4%A']) expect([path, pathSegments(path)]).toEqual([path, null]);
  });
});

describe('headHtml', () => {
  const parsed = (html: string) =>
    new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
  const content = (doc: Document, selector: string) => doc.head.querySelector(selector)?.getAttribute('content');

  it('gives the title, description, canonical, Open Graph and Twitter tags, and the JSON-LD', () => {
    const page = head(`/detail/${discounted.id}`);
    const doc = parsed(headHtml(page));
    expect(doc.title).toBe(page.title);
    expect(content(doc, 'meta[name="description"]')).toBe(page.description);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(page.canonical);
    expect(doc.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(content(doc, 'meta[property="og:type"]')).toBe('product');
    expect(content(doc, 'meta[property="og:title"]')).toBe(page.title);
    expect(content(doc, 'meta[property="og:description"]')).toBe(page.description);
    expect(content(doc, 'meta[property="og:url"]')).toBe(page.canonical);
    expect(content(doc, 'meta[property="og:image"]')).toBe(page.image);
    expect(content(doc, 'meta[property="og:site_name"]')).toBe('Rouge');
    expect(content(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    const scripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!));
    expect(scripts).toEqual(page.jsonLd);
  });

  it('marks a missing page noindex, without a canonical address', () => {
    const doc = parsed(headHtml(head('/nowhere')));
    expect(content(doc, 'meta[name="robots"]')).toBe('noindex');
    expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(content(doc, 'meta[property="og:type"]')).toBe('website');
    expect(content(doc, 'meta[name="twitter:card"]')).toBe('summary');
    expect(doc.head.querySelector('meta[property="og:image"]')).toBeNull();
  });

  it('keeps a hostile product name and description as text, inside and outside the JSON-LD', () => {
    const name = '</script><script>alert(1)</script>"\'&<!--\u2028\u2029';
    const evil = makeProduct({
      name,
      description: '<p>&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; line\u2028break\u2029</p>',
      image: '/uploads/a.webp?x="><script>',
    });
    const page = head(`/detail/${evil.id}`, [evil]);
    const html = headHtml(page);
    const doc = parsed(html);
    expect(doc.head.querySelectorAll('script')).toHaveLength(page.jsonLd.length);
    expect(doc.head.querySelectorAll('img')).toHaveLength(0);
    expect([...doc.head.children].every((child) => ['TITLE', 'META', 'LINK', 'SCRIPT'].includes(child.tagName))).toBe(true);
    expect(doc.title).toBe(`${name} · Rouge`);
    expect(content(doc, 'meta[property="og:image"]')).toBe(`${origin}/uploads/a.webp?x="><script>`);
    const [product] = [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent!));
    expect(product.name).toBe(name);
    expect(product.description).toBe('</script><img src=x onerror=alert(2)> line break');
    const jsonText = html.slice(html.indexOf('<script type="application/ld+json">'));
    expect(jsonText).not.toMatch(/[\u2028\u2029]/);
    expect(jsonText.match(/<\/script>/g)).toHaveLength(page.jsonLd.length);
    expect(jsonText).toContain('\\u003c/script>');
  });
});
