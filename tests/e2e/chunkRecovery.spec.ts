import { expect, test, type Page } from './test';

/**
 * A screen's file that fails to load (a deploy renamed the files an open tab
 * still asks for) is loaded again by one reload of the page; a second failure
 * shows the shop's error page with Reload, never a loop of reloads. On
 * `npm start`'s server: the MSW build's service worker fetches the files
 * itself, out of reach of the test's routes.
 */
const aboutScreen = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.includes('AboutPage') && url.pathname.endsWith('.js');

/** The documents the page loads from now on: each is a (re)load. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

const openAbout = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
const aboutHeading = (page: Page) => page.getByRole('heading', { name: /^About /, level: 1 });

test.describe('a screen whose file fails to load', () => {
  test('is loaded again by one reload', async ({ page }) => {
    await page.goto('/home');
    let aborted = 0;
    await page.route(aboutScreen, (route) => (aborted++, route.abort()), { times: 1 });
    const loads = documentLoads(page);
    await openAbout(page);
    await expect(aboutHeading(page)).toBeVisible();
    expect(aborted).toBe(1);
    expect(loads).toEqual(['/about']);
  });

  test('that fails again after the reload shows the error page, whose Reload loads it', async ({ page }) => {
    await page.goto('/home');
    await page.route(aboutScreen, (route) => route.abort());
    const loads = documentLoads(page);
    await openAbout(page);
    const heading = page.getByRole('heading', { name: 'Something went wrong', level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByText('This page could not be shown. Reload to try again.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    // A moment more shows that no second reload follows.
    await page.waitForTimeout(1000);
    expect(loads).toEqual(['/about']);

    await page.unroute(aboutScreen);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(aboutHeading(page)).toBeVisible();
    expect(loads).toEqual(['/about', '/about']);
  });
});
