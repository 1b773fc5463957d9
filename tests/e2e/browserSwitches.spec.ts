import { expect, test } from '@playwright/test';
import { PLAYWRIGHT_DISABLED_FEATURES } from '~/scripts/chromium.mjs';

const featuresIn = (commandLine: string) => [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));

test("the browser's one --disable-features that counts, the last, keeps every feature Playwright turns off", async ({ page }) => {
  await page.goto('chrome://version');
  const commandLine = await page.locator('#command_line').innerText();
  const given = featuresIn(commandLine);
  // Playwright's own list first, then ours, which Chromium keeps.
  expect(given).toHaveLength(2);
  expect(given[1]).toEqual(expect.arrayContaining(given[0]!));
  expect(given[1]).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
});
