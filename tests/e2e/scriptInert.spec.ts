import { SCRIPTS } from '../security/scriptAttacks';
import { asUser } from './api';
import { ADMIN_ACCOUNT, SHOPPER_ACCOUNT } from './session';
import { expect, test, type Page } from './test';

/**
 * What the security suite proves of the stored text (tests/security/inputScript.test.ts),
 * proven here where it matters: in Chromium, on the server-rendered and hydrated
 * page. The attacks are stored through the API as an attacker would send them
 * (an Admin's description, a buyer's comment) and typed as a search term; none
 * may run (no dialog, no CSP violation: the test fixture fails on one) and none
 * may reach the page as markup that could.
 */

/** Whatever on the page could run script: handlers, script-bearing addresses, foreign or untyped inline scripts, frames. */
function activeMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        if (name.startsWith('on')) found.push(`<${element.localName} ${name}>`);
        if (['href', 'src', 'action', 'data', 'formaction'].includes(name) && /^\s*(javascript|data|vbscript):/i.test(value))
          found.push(`<${element.localName} ${name}="${value}">`);
      }
      if (['iframe', 'object', 'embed', 'base'].includes(element.localName)) found.push(`<${element.localName}>`);
      if (element.localName === 'meta' && element.hasAttribute('http-equiv'))
        found.push(`<meta http-equiv="${element.getAttribute('http-equiv')}">`);
    }
    for (const script of document.scripts) {
      const inert = script.src
        ? new URL(script.src).origin === location.origin
        : ['application/json', 'application/ld+json'].includes(script.type);
      if (!inert) found.push(`<script ${script.src || script.type || 'inline'}>`);
    }
    return found;
  });
}

test('@admin script in a product description, a comment and a search term is shown as words and never runs in Chromium', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const admin = await asUser(page, ADMIN_ACCOUNT);
  const buyer = await asUser(page, SHOPPER_ACCOUNT);
  const orders = (await (await page.request.get(`/api/userOrders?userID=${buyer.uid}`, { headers: buyer.headers })).json()) as {
    lines: { productId: number }[];
  }[];
  const productId = orders[0]!.lines[0]!.productId;
  const before = (await (await page.request.get(`/api/products/${productId}`)).json()) as { description: string };

  const description = `<p>Silky <strong>matte</strong> finish.</p>${SCRIPTS.join('')}`;
  expect((await page.request.put('/api/products', { headers: admin.headers, data: { id: productId, description } })).ok()).toBe(true);
  const comment = SCRIPTS.slice(0, 8).join(' ');
  const posted = await page.request.post('/api/comments', {
    headers: buyer.headers,
    data: { userId: buyer.uid, productId, text: comment },
  });
  expect(posted.status()).toBe(201);
  const { id: commentId } = (await posted.json()) as { id: number };
  try {
    const html = await (await page.request.get(`/detail/${productId}`)).text();
    expect(html).not.toMatch(/onerror=|onload=|onclick=|javascript:alert/i);

    await page.goto(`/detail/${productId}`);
    await expect(page.getByText('Silky matte finish.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Comments' })).toContainText(comment);
    expect(await activeMarkup(page)).toEqual([]);

    const term = '<img src=x onerror=alert(1)>';
    await page.getByRole('searchbox', { name: 'Search products' }).fill(term);
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('heading', { name: `Search results for: ${term}` })).toBeVisible();
    await expect(results.getByText('Product Not Found')).toBeVisible();
    expect(await activeMarkup(page)).toEqual([]);
    expect(dialogs).toEqual([]);
  } finally {
    await page.request.delete(`/api/comments?commentId=${commentId}`, { headers: buyer.headers });
    await page.request.put('/api/products', { headers: admin.headers, data: { id: productId, description: before.description } });
  }
});
