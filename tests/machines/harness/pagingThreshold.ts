/**
 * The catalogue size past which the storefront and the Admin's table are
 * paged, 2,000 in the app, lowered here: a paged path seeds its shop past it
 * (1.2 times, 120 products) for every run and fault run, and seeding 2,400
 * took most of the machine tests' time. Still well above the shop's small
 * catalogue of 24 (shop.ts), which stays a whole list; the code path is the
 * app's own, only the number differs.
 */
export const TEST_CATALOGUE_PAGING_THRESHOLD = 100;

/** A catalogue past the paging threshold: the storefront and the Admin's table read it a page at a time. */
export const LARGE = Math.ceil(TEST_CATALOGUE_PAGING_THRESHOLD * 1.2);
