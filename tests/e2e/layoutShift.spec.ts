import { discounted } from '../fixtures/catalogue';
import { expect, test, type Page } from './test';
import { atDesktopAndPhoneWidth } from './widths';

/** The shop's bound on cumulative layout shift (the bench's Lighthouse target too), as Lighthouse counts it. */
const MAX_LAYOUT_SHIFT = 0.02;

declare global {
  interface Window {
    __layoutShifts: { time: number; value: number }[];
  }
}

/** The page's layout shifts from its first paint on, those right after the shopper's own input left out, as Chrome reports them. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__layoutShifts.push({ time: entry.startTime, value: entry.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Cumulative layout shift: the largest session window (shifts less than 1 s apart, 5 s at most). */
async function cumulativeLayoutShift(page: Page): Promise<number> {
  const shifts = await page.evaluate(() => window.__layoutShifts);
  let largest = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { time, value } of shifts) {
    if (time - last > 1000 || time - start > 5000) {
      current = 0;
      start = time;
    }
    current += value;
    last = time;
    largest = Math.max(largest, current);
  }
  return largest;
}

atDesktopAndPhoneWidth(() => {
  for (const [page_, path] of [
    ['home', '/home'],
    ['catalogue', '/catalogue'],
    ['product', `/detail/${discounted.id}`],
  ] as const) {
    test(`the ${page_} page does not move while it loads`, async ({ page }) => {
      await recordLayoutShifts(page);
      await page.goto(path);
      await expect(page.getByRole('article').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Pictures decode and keen-slider starts after the network is quiet.
      await page.waitForTimeout(1000);
      expect(await cumulativeLayoutShift(page)).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
    });
  }
});
