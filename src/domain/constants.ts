// The spec's brands and categories are in brandsAndCategories.ts, which only the screens that list them load.
export type { Brand, Category } from './brandsAndCategories';

export const CATALOGUE_PAGE_SIZE = 16;
/** The last catalogue page number GET /products takes (openapi.yaml's maximum): a page past the catalogue's last answers the last. */
export const CATALOGUE_PAGE_MAX = 100_000;
/** Above this many storefront products the browser asks the server for pages (GET /products?page=) instead of loading the whole list. */
export const CATALOGUE_PAGING_THRESHOLD = 2000;
export const HOME_SECTION_SIZE = 12;
/** The search overlay shows this many matches at most (the largest page GET /products gives). */
export const SEARCH_RESULTS = 48;
export const PRICE_FILTER_MIN = 0;
export const PRICE_FILTER_MAX = 100_000;
export const POPULAR_MIN_RANK = 4;
/** The most lines (distinct products) a cart holds: each read of a cart sends all of them. */
export const CART_MAX_LINES = 100;
export const ADMIN_ROWS_PER_PAGE = [5, 10, 25] as const;

export const CARD_NAVIGATION_DELAY_MS = 500;
export const LIST_REFRESH_DELAY_MS = 500;
export const CHECKOUT_REDIRECT_MS = 2000;
export const SPEC_TOAST_MS = 2000;
export const DEFAULT_TOAST_MS = 5000;
export const COMMENT_SENT_MS = 1200;
export const COMMENT_DELETED_MS = 1100;
export const ORDERS_REFRESH_AFTER_RATING_MS = 1000;
export const REQUEST_TIMEOUT_MS = 15_000;

export const STORAGE_KEYS = {
  userLogged: 'userLogged',
  favorites: 'favorites',
  cartlocal: 'cartlocal',
} as const;

export const CUT = { name: 26, email: 23, address: 26 } as const;

/** What an image upload accepts (spec section 5: one file; PNG, JPEG, JPG, JFIF or TIFF), as a file input's accept list. */
export const IMAGE_UPLOAD_TYPES = '.png,.jpg,.jpeg,.jfif,.tif,.tiff,image/png,image/jpeg,image/tiff';
