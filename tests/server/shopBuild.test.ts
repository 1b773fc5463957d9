import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { BUILDS_DIR, buildFolders, ensureShopBuild, pruneBuilds, useBuild } from '../../scripts/shopBuild.mjs';

/** A checkout of a few sources, and a build that writes which sources it saw and counts its runs. */
let root: string;
let builds: number;
const env = { NODE_ENV: 'production', VITE_FIREBASE_API_KEY: 'demo-key' };

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'checkout-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.ts'), 'export const shop = 1;');
  writeFileSync(join(root, 'package.json'), '{}');
  builds = 0;
});

async function fakeBuild(dir: string, _env: object, checkout: string) {
  builds += 1;
  mkdirSync(join(dir, 'dist'), { recursive: true });
  // Slow enough that two starts overlap.
  await new Promise((resolve) => setTimeout(resolve, 200));
  writeFileSync(join(dir, 'dist', 'index.html'), readFileSync(join(checkout, 'src', 'main.ts')));
}

const ensure = (buildEnv: Record<string, string> = env) => ensureShopBuild({ env: buildEnv, root, build: fakeBuild });
const leftovers = () => readdirSync(join(root, BUILDS_DIR)).filter((name) => name.startsWith('tmp-'));

it('two starts of one version at once are both served the same whole build, and leave nothing half written', async () => {
  const [first, second] = await Promise.all([ensure(), ensure()]);
  expect(second.dir).toBe(first.dir);
  expect(readFileSync(join(first.staticDir, 'index.html'), 'utf8')).toBe('export const shop = 1;');
  expect(leftovers()).toEqual([]);
});

it('a start with nothing changed builds nothing; a changed source or VITE_ setting is a version of its own, beside the one served', async () => {
  const served = await ensure();
  expect(served.built).toBe(true);
  expect(await ensure()).toMatchObject({ dir: served.dir, built: false });
  // Tests and stories are not part of the build.
  writeFileSync(join(root, 'src', 'main.test.ts'), 'it();');
  expect(await ensure()).toMatchObject({ dir: served.dir, built: false });
  expect(builds).toBe(1);

  writeFileSync(join(root, 'src', 'main.ts'), 'export const shop = 2;');
  const changed = await ensure();
  const otherEnv = await ensure({ ...env, VITE_API_BASE: '/shop-api' });
  expect(new Set([served.dir, changed.dir, otherEnv.dir]).size).toBe(3);
  // The folder a running shop serves is never written again.
  expect(readFileSync(join(served.staticDir, 'index.html'), 'utf8')).toBe('export const shop = 1;');
  expect(readFileSync(join(changed.staticDir, 'index.html'), 'utf8')).toBe('export const shop = 2;');
});

it('pruning keeps the builds running shops serve and the last used, and drops what a dead build left', async () => {
  const made = ['a', 'b', 'c', 'd'].map((key, i) => {
    const { dir } = buildFolders(key, root);
    mkdirSync(dir, { recursive: true });
    utimesSync(dir, new Date(1_000_000 * (i + 1)), new Date(1_000_000 * (i + 1)));
    return dir;
  });
  // The oldest is served by a running shop (this process).
  const release = useBuild(made[0]!);
  utimesSync(made[0]!, new Date(0), new Date(0));
  // A build whose process died (pid 2^22 + 1 is past Linux's highest).
  mkdirSync(join(root, BUILDS_DIR, 'tmp-4194305-dead'), { recursive: true });

  pruneBuilds(root, 2);
  expect(made.map((dir) => existsSync(dir))).toEqual([true, false, true, true]);
  expect(leftovers()).toEqual([]);

  release();
  pruneBuilds(root, 2);
  expect(made.map((dir) => existsSync(dir))).toEqual([false, false, true, true]);
});
