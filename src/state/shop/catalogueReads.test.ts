import { expect, it } from 'vitest';
import { serverReads } from './catalogueReads';

it('reads the page kept for every missing product as missing at the id it was opened at, and no other', () => {
  const reads = serverReads({ pages: {}, products: {}, productMissing: true }, 999_999);
  expect(reads.peekProduct(999_999)).toBeNull();
  // Another product opened from it is read from the server, not taken for missing.
  expect(reads.peekProduct(7)).toBeUndefined();
  expect(serverReads({ pages: {}, products: {}, productMissing: true }, Number('abc')).peekProduct(Number('abc'))).toBeNull();
  expect(serverReads({ pages: {}, products: {} }, 999_999).peekProduct(999_999)).toBeUndefined();
});
