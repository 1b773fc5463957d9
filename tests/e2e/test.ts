import { test as base, expect, type Page } from '@playwright/test';

const answers = new WeakSet<Page>();

/**
 * Makes the page's `goto` and `reload` wait, on the shop's pages, until the
 * page answers (`<html data-ready>`, set once React has hydrated the server's
 * HTML or rendered the page), as a person waits for a page to respond before
 * using it. Every page of the test's own context gets it; a page of another
 * context is given it here.
 */
export function waitingForAnswer(page: Page): Page {
  if (answers.has(page)) return page;
  answers.add(page);
  const answering = () =>
    page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready !== undefined);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await answering();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await answering();
    return response;
  };
  return page;
}

/** React's words for a server's HTML it could not hydrate (its production builds give the error's number: 418, 419, 421, 422, 423, 425). */
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(18|19|21|22|23|25)\b/i;

/**
 * Playwright's `test`, failing any test whose pages report a
 * Content-Security-Policy violation or a hydration mismatch: the policy and
 * the server's HTML are only proven if the whole suite runs without one. Its
 * pages wait for the shop to answer (waitingForAnswer).
 */
export const test = base.extend<{ cspViolations: string[]; hydrationProblems: string[] }>({
  context: async ({ context }, use) => {
    context.on('page', waitingForAnswer);
    await use(context);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
          report?.(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  hydrationProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      context.on('console', (message) => {
        if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text())) problems.push(message.text());
      });
      context.on('weberror', (error) => {
        if (HYDRATION_PROBLEM.test(error.error().message)) problems.push(error.error().message);
      });
      await use(problems);
      expect(problems, 'hydration mismatches').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page } from '@playwright/test';
