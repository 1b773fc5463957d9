import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from './test';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe (WCAG 2.0 and 2.1 A and AA) on the page as it is now and fails with each violation's rule, the elements it found and its help. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_21_AA }, resultTypes: ['violations'] })
    .analyze();
  const found = violations.map(
    ({ id, impact, help, helpUrl, nodes }) =>
      `${id} (${impact}): ${help} ${helpUrl}\n${nodes.map((n) => `    at ${n.target.join(' ')}`).join('\n')}`,
  );
  expect(found, `axe violations on ${what} (${new URL(page.url()).pathname})`).toEqual([]);
}
