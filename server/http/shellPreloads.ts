import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from '~/src/app/routes';
import { HTML } from './pages';
import { prebuild, type Prebuilt } from './prebuilt';
import { DISALLOWED } from './seo';

/** Sent with a private page: robots.txt asks crawlers to leave it alone, but only in the spellings it lists, and the router takes any case. */
const NOINDEX = { 'x-robots-tag': 'noindex' };
const PRIVATE_PREFIXES = DISALLOWED.map((prefix) => prefix.toLowerCase());
const isPrivate = (pathname: string) => PRIVATE_PREFIXES.some((prefix) => pathname.toLowerCase().startsWith(prefix));
/** The route only a path no page has matches: the not-found page, sent 404 by the shell too. */
const NOT_FOUND_ROUTE = '*';

/** The storefront build's manifest (dist/.vite/manifest.json): each chunk by its source module, with the chunks it imports. */
export type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The modules a route's screen can come from, keyed `/src/...` (the
 * manifest's key after the slash). A route names its screen only by a dynamic
 * import, and the browser's first load carries no list of names, so the
 * server tells a screen by its default export; a route whose module is not
 * matched here gets no preloads (tests/server/shellPreloads.test.ts checks
 * every route's).
 */
const screens = import.meta.glob<ComponentType>(['/src/features/*/*Page.tsx', '/src/app/**/*Route.tsx', '/src/app/admin/AdminLayout.tsx'], {
  import: 'default',
});

/** Each screen's default export, with the manifest key of its module. */
async function screenModules(): Promise<Map<unknown, string>> {
  const loaded = await Promise.all(Object.entries(screens).map(async ([path, load]) => [await load(), path.slice(1)] as const));
  return new Map(loaded);
}

/** The chunk files a module runs with, its own and its static imports', recursively, in `seen`. */
function chunkFiles(manifest: Manifest, key: string, seen: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

/** The manifest beside the built page, or null (a build without one, as the tests' page): then the shell is sent as built. */
async function readManifest(staticDir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The built page (the shell the browser renders) for each address, with
 * `<link rel="modulepreload">` for the files of the screens its route loads
 * and what they import: the browser fetches them beside the entry instead of
 * after it has run (HTML, then the entry, then the screen, then the screen's
 * imports). The entry's own files are in the page already. A page under a
 * path robots.txt disallows, in any case (/LOGIN, /Admin/products), is sent
 * with `X-Robots-Tag: noindex`. A path only the not-found route matches is
 * sent 404. One page is made per set of screens, noindex and status, and kept.
 *
 * @param template the built page, with the server's settings already in it
 * @param staticDir the built storefront, with its manifest
 * @returns the page for a request's path (a query is ignored)
 */
export async function shellPages(template: string, staticDir: string): Promise<(path: string) => Promise<Prebuilt>> {
  const manifest = await readManifest(staticDir);
  const entryFiles = manifest ? chunkFiles(manifest, 'index.html', new Set()) : new Set<string>();
  // Loaded now rather than by the first visitor's request, whose page would wait for all of them.
  const byScreen = manifest ? await screenModules() : new Map<unknown, string>();
  const pages = new Map<string, Prebuilt>();

  async function screensOf(matched: RouteObject[]): Promise<string[]> {
    if (!manifest) return [];
    const lazyRoutes = matched.map((route) => route.lazy).filter((lazy) => typeof lazy === 'function');
    const loaded = await Promise.all(lazyRoutes.map((lazy) => lazy()));
    return loaded.map((route) => byScreen.get(route.Component)).filter((module) => module !== undefined);
  }

  const pageFor = (modules: string[], noindex: boolean, status: 200 | 404): Prebuilt => {
    const files = new Set(entryFiles);
    for (const module of modules) chunkFiles(manifest ?? {}, module, files);
    const preloads = [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    const html = preloads.length === 0 ? template : template.replace('</head>', () => `${preloads.join('')}</head>`);
    return prebuild(html, HTML, status, noindex ? NOINDEX : {});
  };

  return async (path) => {
    const pathname = path.split('?', 1)[0]!;
    const matched = (matchRoutes(routes, pathname) ?? []).map((match) => match.route);
    const modules = await screensOf(matched);
    const noindex = isPrivate(pathname);
    const status = matched.at(-1)?.path === NOT_FOUND_ROUTE ? 404 : 200;
    const key = `${status} ${noindex} ${modules.join(' ')}`;
    let page = pages.get(key);
    if (!page) pages.set(key, (page = pageFor(modules, noindex, status)));
    return page;
  };
}
