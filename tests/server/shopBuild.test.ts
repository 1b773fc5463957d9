import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { BuildError, BUILDS_DIR, buildFolders, buildKey, ensureShopBuild, pruneBuilds } from '~/scripts/shopBuild.mjs';

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
  const made: string[] = [];
  const releases: (() => void)[] = [];
  for (const [i, version] of ['a', 'b', 'c', 'd'].entries()) {
    const { dir, release } = await ensure({ ...env, VITE_VERSION: version });
    made.push(dir);
    releases.push(release);
    utimesSync(dir, new Date(1_000_000 * (i + 1)), new Date(1_000_000 * (i + 1)));
  }
  // The oldest stays served by a running shop (this process).
  for (const release of releases.slice(1)) release();
  // A build whose process died (pid 2^22 + 1 is past Linux's highest).
  mkdirSync(join(root, BUILDS_DIR, 'tmp-4194305-dead'), { recursive: true });

  pruneBuilds(root, 2);
  expect(made.map((dir) => existsSync(dir))).toEqual([true, false, true, true]);
  expect(leftovers()).toEqual([]);

  releases[0]!();
  pruneBuilds(root, 2);
  expect(made.map((dir) => existsSync(dir))).toEqual([false, false, true, true]);
});

it("a version's folder that is not whole (a prune or a build that died part-way) is never served: the start builds it again", async () => {
  const { dir, staticDir } = buildFolders(buildKey(env, root), root);
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'assets', 'left.js'), '');

  const served = await ensure();
  expect(served).toMatchObject({ dir, built: true });
  expect(readFileSync(join(staticDir, 'index.html'), 'utf8')).toBe('export const shop = 1;');
  expect(existsSync(join(staticDir, 'assets', 'left.js'))).toBe(false);
});

it('a prune that died after taking a build out of use leaves nothing a start serves, and the next prune removes it', async () => {
  const { dir, release } = await ensure();
  release();
  // What a prune killed as it deleted leaves: the build under a name of its own, no longer the version's.
  const gone = join(root, BUILDS_DIR, 'gone-4194305-dead');
  mkdirSync(join(gone, 'dist'), { recursive: true });
  pruneBuilds(root, 2);
  expect(existsSync(gone)).toBe(false);
  expect(existsSync(dir)).toBe(true);
});

/** Runs a script of this test's own in a node process, in the checkout, resolving to what it printed. */
function node(script: string): Promise<string> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`exited ${code}: ${output}`)))),
  );
}

it('a start pruning every build no shop serves, beside another start finding and serving its build, never takes that build from under it', async () => {
  const shopBuild = JSON.stringify(new URL('../../scripts/shopBuild.mjs', import.meta.url).href);
  const until = Date.now() + 4_000;
  const starts = node(`
    import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
    import { join } from 'node:path';
    const { ensureShopBuild, useBuild } = await import(${shopBuild});
    // Many files, so that a prune deleting the build takes a while.
    const build = async (dir) => {
      mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
      for (let i = 0; i < 200; i++) writeFileSync(join(dir, 'dist', 'assets', i + '.js'), '');
      writeFileSync(join(dir, 'dist', 'index.html'), 'shop');
    };
    let starts = 0, broken = 0;
    while (Date.now() < ${until}) {
      const served = await ensureShopBuild({ env: ${JSON.stringify(env)}, root: ${JSON.stringify(root)}, build });
      const release = useBuild(served.dir);
      starts += 1;
      if (!existsSync(join(served.staticDir, 'index.html')) || !existsSync(join(served.staticDir, 'assets', '199.js'))) broken += 1;
      release();
    }
    console.log(JSON.stringify({ starts, broken }));
  `);
  const prunes = node(`
    const { pruneBuilds } = await import(${shopBuild});
    while (Date.now() < ${until}) pruneBuilds(${JSON.stringify(root)}, 0);
  `);
  const [said] = await Promise.all([starts, prunes]);
  const { starts: made, broken } = JSON.parse(said) as { starts: number; broken: number };
  expect(made).toBeGreaterThan(10);
  expect(broken).toBe(0);
}, 30_000);

it('a build that fails names each problem by file, line and message, never a stack frame, and keeps the whole output', async () => {
  symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'index.html'), '<script type="module" src="/src/main.ts"></script>');
  writeFileSync(join(root, 'src', 'other.ts'), 'export const other = 1;');
  writeFileSync(join(root, 'src', 'main.ts'), 'import { missing } from "./other";\nexport const shop = missing +;\n');

  const failed: unknown = await ensureShopBuild({ env, root }).catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(BuildError);
  const { problems, output } = failed as BuildError;
  expect(problems).toEqual(['src/main.ts:2:30: [builtin:vite-transform] Unexpected token']);
  expect(output).toMatch(/\n\s+at /);
  expect(leftovers()).toEqual([]);
}, 60_000);
