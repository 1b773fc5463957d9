import { describe, expect, it } from 'vitest';
import { STOCK_AND_RATINGS_LATE_MS, stockAndRatingsLate } from './catalogueVersion';

/** Versions as migration 014 counts them: each change of stock or ratings one up, any other to the next multiple of 2^20. */
const OTHER = 2 ** 20;

function clocked(start: number) {
  let version = start;
  let time = 1_000_000;
  const late = stockAndRatingsLate(
    () => String(version),
    () => time,
  );
  return {
    late,
    stockOrRating: () => void (version += 1),
    other: () => void (version = (Math.floor(version / OTHER) + 1) * OTHER),
    wait: (ms: number) => void (time += ms),
  };
}

describe('stockAndRatingsLate', () => {
  it('takes up the first version at once, and a change of stock or ratings at once after a quiet spell', () => {
    const shop = clocked(OTHER + 3);
    expect(shop.late()).toBe(String(OTHER + 3));
    shop.wait(STOCK_AND_RATINGS_LATE_MS);
    shop.stockOrRating();
    expect(shop.late()).toBe(String(OTHER + 4));
  });

  it('takes up changes of stock or ratings no sooner than the bound after the last version taken up, and then the newest', () => {
    const shop = clocked(OTHER);
    expect(shop.late()).toBe(String(OTHER));
    shop.stockOrRating();
    shop.wait(STOCK_AND_RATINGS_LATE_MS - 1);
    shop.stockOrRating();
    expect(shop.late()).toBe(String(OTHER));
    shop.wait(1);
    expect(shop.late()).toBe(String(OTHER + 2));
    shop.stockOrRating();
    expect(shop.late()).toBe(String(OTHER + 2));
  });

  it('takes up any other change at once, with the changes of stock or ratings before it', () => {
    const shop = clocked(OTHER);
    expect(shop.late()).toBe(String(OTHER));
    shop.stockOrRating();
    expect(shop.late()).toBe(String(OTHER));
    shop.other();
    expect(shop.late()).toBe(String(2 * OTHER));
    shop.stockOrRating();
    shop.other();
    expect(shop.late()).toBe(String(3 * OTHER));
  });
});
