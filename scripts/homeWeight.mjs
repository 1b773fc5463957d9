// /home's weight for a visitor: its HTML (brotli and unpacked) and the JavaScript a first load downloads.
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import { call } from './throughput.mjs';

/** /home's HTML as a browser gets it (brotli) and unpacked. */
async function homeBytes(origin) {
  const [packed, raw] = [await call(`${origin}/home`, { encoding: 'br' }), await call(`${origin}/home`, { encoding: 'identity' })];
  if (packed.status !== 200 || raw.status !== 200) throw new Error(`GET /home answered ${packed.status} and ${raw.status}`);
  return { brotli: packed.body.length, raw: raw.body.length };
}

/**
 * The JavaScript a fresh visitor's /home downloads until the network is idle and its sections are shown,
 * in KB as sent gzipped (as tests/e2e/firstLoad.spec.ts counts it), and in how many files.
 */
async function firstLoadJs(browser, origin) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  try {
    const page = await context.newPage();
    const sizes = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) sizes.push(request.sizes().then((size) => size.responseBodySize));
    });
    const response = await page.goto(`${origin}/home`, { waitUntil: 'networkidle' });
    if (response?.status() !== 200) throw new Error(`GET /home answered ${response?.status()}`);
    // The home's sections shown, as tests/e2e/firstLoad.spec.ts waits for them: on a busy machine the network can idle before.
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    const bytes = await Promise.all(sizes);
    return { kb: bytes.reduce((sum, size) => sum + size, 0) / 1000, files: bytes.length };
  } finally {
    await context.close();
  }
}

/** /home's HTML and its first-load JavaScript, in a Chromium of its own. */
export async function homeWeight(origin) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    return { ...(await homeBytes(origin)), js: await firstLoadJs(browser, origin) };
  } finally {
    await browser.close();
  }
}
