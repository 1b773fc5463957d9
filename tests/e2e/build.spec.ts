import { expect, test } from './test';

test('npm start serves the production build of the storefront', async ({ request }) => {
  const html = await (await request.get('/home')).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(entry, 'the page names its entry script').toBeTruthy();
  const script = await (await request.get(entry!)).text();
  // React's development build calls jsxDEV and invites you to its DevTools; the production one does neither.
  expect(script).not.toContain('jsxDEV');
  expect(script).not.toContain('React DevTools');
});
