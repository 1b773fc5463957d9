import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from '@playwright/test';
import { localShopBuild } from '~/scripts/shopBuild.mjs';
import { expect, test, type Page } from './test';

/**
 * The lean first load: a visitor's /home on `npm start` downloads at most
 * 130 KB of JavaScript, and no Firebase, until the network is idle; on a
 * catalogue read a page at a time (the paged project) as well.
 * Counted are the bytes each script's body takes on the wire (Playwright's
 * responseBodySize, headers left out) with the browser asking for gzip only,
 * as the budget is in gzip: the server's gzip files, as built. A browser that
 * offers brotli gets smaller ones. The figure is printed and annotated.
 */
const BUDGET_KB = 130;

test.use({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });

/** The build `npm start` serves: the files Firebase's provider adds to the page when it loads. */
function firebaseFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(localShopBuild().staticDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = closure('index.html');
  return [...closure('src/auth/firebaseProvider.ts')].filter((file) => !entry.has(file));
}

interface Script {
  path: string;
  bytes: number;
  encoding: string | undefined;
}

/** Every JavaScript file the page fetches from now on, with its body's size as sent: read with `all()`. */
function recordScripts(page: Page): { all(): Promise<Script[]> } {
  const scripts: Promise<Script>[] = [];
  page.on('requestfinished', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (!path.endsWith('.js')) return;
    scripts.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        path,
        bytes: sizes.responseBodySize,
        encoding: response?.headers()['content-encoding'],
      })),
    );
  });
  return { all: () => Promise.all(scripts) };
}

const isFirebase = (files: string[]) => (script: Script) => files.some((file) => script.path.endsWith(file));

/** /home for a fresh visitor, every script counted until the network is idle, within the budget and without Firebase. */
async function expectLeanFirstLoad(page: Page, shop: string) {
  const firebase = firebaseFiles();
  expect(firebase.length, 'the build has a Firebase chunk of its own').toBeGreaterThan(0);
  const recorded = recordScripts(page);
  await page.goto('/home', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();

  const scripts = await recorded.all();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script.encoding, `${script.path} is sent gzipped`).toBe('gzip');
  const kb = scripts.reduce((sum, script) => sum + script.bytes, 0) / 1000;
  const report = `/home, fresh visitor, ${shop}: ${kb.toFixed(1)} KB of JavaScript (gzip) in ${scripts.length} files, budget ${BUDGET_KB} KB`;
  console.log(`${report}\n${scripts.map((s) => `  ${(s.bytes / 1000).toFixed(1).padStart(6)} KB ${s.path}`).join('\n')}`);
  test.info().annotations.push({ type: 'first load', description: report });

  expect(
    scripts.filter(isFirebase(firebase)).map((s) => s.path),
    'Firebase files fetched',
  ).toEqual([]);
  expect(kb).toBeLessThanOrEqual(BUDGET_KB);
}

test('a visitor’s /home downloads at most 130 KB of gzipped JavaScript and no Firebase', async ({ page }) => {
  await expectLeanFirstLoad(page, 'the shop as npm start seeds it');
});

test('@paged on a catalogue read a page at a time, a visitor’s /home downloads at most 130 KB of gzipped JavaScript and no Firebase', async ({
  page,
}) => {
  await expectLeanFirstLoad(page, 'a catalogue read a page at a time');
});

test('opening /login loads Firebase', async ({ page }) => {
  const firebase = firebaseFiles();
  const loaded = page.waitForRequest((request) => firebase.some((file) => request.url().endsWith(file)));
  await page.goto('/login');
  await loaded;
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
