import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '~/seed/catalogue/generate';
import { productRowOf } from '~/seed/shadeRows';
import { makeProduct } from '~/tests/fixtures/product';
import { DEFAULT_FILTER, applyFilter, catalogueView } from './catalogue';
import { cataloguePageOf } from './cataloguePage';
import { HOME_SECTION_SIZE } from './constants';
import { HOME_REQUESTS, homeSections } from './pageRequest';
import { relatedRequests } from './relatedPages';
import { totalPrice } from './price';
import { relatedProducts, storefrontLists, storefrontProducts } from './productLists';
import type { Product } from './types';

const catalogue: Product[] = generateCatalogue(600, 7)
  .map(productRowOf)
  .map((row) => ({ ...row, totalPrice: totalPrice(row.price, row.discount) }));

describe('catalogue pages', () => {
  it('is the catalogue view of the storefront products, with each brand and category counted under the other filters', () => {
    const filter = { ...DEFAULT_FILTER, brands: 'nyx', offers: true } as const;
    const page = cataloguePageOf(catalogue, { filter, sort: 'priceDesc', page: 2 });
    const storefront = storefrontProducts(catalogue);
    const { notFound: _, ...view } = catalogueView(storefront, filter, 'priceDesc', 2);
    expect(page).toMatchObject(view);
    const nyx = page.facets.brands.find((f) => f.value === 'nyx')!;
    expect(nyx.count).toBe(page.total);
    const dior = page.facets.brands.find((f) => f.value === 'dior')!;
    expect(dior.count).toBe(applyFilter(storefront, { ...filter, brands: 'dior' }).length);
    expect(page.facets.categories.reduce((sum, f) => sum + f.count, 0)).toBe(page.total);
    expect(page.facets.brands.map((f) => f.value)).toEqual(
      [...new Set(storefront.map((p) => p.brand))].sort((a, b) => a.localeCompare(b, 'en')),
    );
  });

  it('lists a value no product under the filters has, at zero', () => {
    const only = [makeProduct({ brand: 'dior', category: 'blush' }), makeProduct({ brand: 'nyx', category: 'mascara' })];
    const page = cataloguePageOf(only, { filter: { ...DEFAULT_FILTER, categories: 'blush' }, sort: 'popular', page: 1 });
    expect(page.facets.brands).toEqual([
      { value: 'dior', count: 1 },
      { value: 'nyx', count: 0 },
    ]);
    expect(page.facets.categories).toEqual([
      { value: 'blush', count: 1 },
      { value: 'mascara', count: 1 },
    ]);
  });

  it('the three home pages give the sections the whole list gives', () => {
    const sections = homeSections(HOME_REQUESTS.map((request) => cataloguePageOf(catalogue, request)));
    const whole = storefrontLists(catalogue);
    for (const section of ['offers', 'popular', 'newest'] as const)
      expect(sections[section]).toEqual(whole[section].slice(0, HOME_SECTION_SIZE));
  });

  it('a product on all three home pages is in each section once, as the whole list shows it', () => {
    const star = makeProduct({ discount: 90, rank: 5, createdAt: '2026-06-01T00:00:00.000Z' });
    const others = Array.from({ length: 30 }, (_, i) =>
      makeProduct({
        discount: i % 3 === 0 ? 10 + i : 0,
        rank: i % 6,
        createdAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z`,
      }),
    );
    const products = [...others, star];
    const pages = HOME_REQUESTS.map((request) => cataloguePageOf(products, request));
    for (const page of pages) expect(page.items[0]).toEqual(star);
    const sections = homeSections(pages);
    const whole = storefrontLists(products);
    for (const section of ['offers', 'popular', 'newest'] as const) {
      expect(sections[section]).toEqual(whole[section].slice(0, HOME_SECTION_SIZE));
      expect(new Set(sections[section].map((p) => p.id)).size).toBe(sections[section].length);
      expect(sections[section].filter((p) => p.id === star.id)).toHaveLength(1);
    }
  });

  it('the related pages give the related products the whole list gives, with or without others in the category', () => {
    for (const product of catalogue.slice(0, 40)) {
      const requests = relatedRequests(product, 8);
      expect(relatedProducts(product, cataloguePageOf(catalogue, requests.sameCategory).items, 8)).toEqual(
        relatedProducts(product, catalogue, 8),
      );
    }
    const alone = makeProduct({ category: 'cream', rank: 5 });
    const others = [alone, ...catalogue.filter((p) => p.category !== 'cream')];
    const { sameCategory, popular } = relatedRequests(alone, 8);
    expect(relatedProducts(alone, cataloguePageOf(others, sameCategory).items, 8)).toEqual([]);
    expect(relatedProducts(alone, cataloguePageOf(others, popular).items, 8)).toEqual(relatedProducts(alone, others, 8));
  });
});
