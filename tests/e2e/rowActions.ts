import type { Locator } from '@playwright/test';
import { expect, type Page } from './test';

/**
 * The admin table named `table` is read without scrolling sideways (its
 * box holds all it shows), and the row's actions button lies inside the
 * screen; opening it scrolls nothing sideways.
 */
export async function expectRowActionsInView(page: Page, table: string, actions: Locator): Promise<void> {
  const box = page.getByRole('region', { name: table, exact: true });
  const overflow = () => box.evaluate((element) => element.scrollWidth - element.clientWidth);
  await expect.poll(overflow, `the ${table} table scrolls sideways by`).toBeLessThanOrEqual(0);
  await expect(actions).toBeVisible();
  const screen = page.viewportSize()!;
  const { x, width } = (await actions.boundingBox())!;
  expect(x, 'the actions button starts on the screen').toBeGreaterThanOrEqual(0);
  expect(x + width, `the actions button ends on the ${screen.width} px screen`).toBeLessThanOrEqual(screen.width);
  await actions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await box.evaluate((element) => element.scrollLeft), 'scrolled sideways to reach it').toBe(0);
}
