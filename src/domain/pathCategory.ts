import { type Category } from './constants';
import { CATEGORIES } from './brandsAndCategories';

/**
 * The category a path names (/listproducts/{category}), in any case: paths
 * and their values match case-insensitively (DECISIONS.md), so Blush and
 * BLUSH are blush. Null for a name that is no category.
 */
export function pathCategory(name: string | undefined): Category | null {
  const lower = name?.toLowerCase();
  return (CATEGORIES as readonly string[]).includes(lower ?? '') ? (lower as Category) : null;
}
