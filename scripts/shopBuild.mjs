// The shop's builds, one per version: the storefront and the server bundle
// under .build/<key>/, the key a hash of every source the builds read and of
// the build's environment. A build is written to a temporary folder and
// renamed into place, so a shop never sees a build half written, two starts
// of one version racing are both served the same folder, and a start never
// rewrites the folder another shop serves. A start with nothing changed finds
// its build and builds nothing.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ID } from './authEmulator.mjs';

export const BUILDS_DIR = '.build';
/** What the builds read: these folders (but tests and stories) and files, and any .env file Vite loads. */
const SOURCE_DIRS = ['src', 'server', 'seed', 'machines', 'mocks', 'public'];
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'openapi.yaml'];
const NOT_BUILT = /\.(test|stories)\.[cm]?[jt]sx?$/;
/** Builds kept beside those a running shop uses, the last used first. */
const KEPT_BUILDS = 3;
const IN_PROGRESS = /^tmp-(\d+)-/;

/** The storefront's environment in the local set-up: the emulator's own address reaches the page from the server that serves it. */
const LOCAL_BROWSER_ENV = { VITE_FIREBASE_API_KEY: 'demo-key', VITE_FIREBASE_PROJECT_ID: PROJECT_ID };

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && !NOT_BUILT.test(entry.name)) yield path;
  }
}

/** What of the environment a build depends on: NODE_ENV and every VITE_ variable. */
function versionSettings(env) {
  return Object.keys(env)
    .filter((name) => name === 'NODE_ENV' || name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
}

/** The version's key: the sources (names and contents) and the build's environment. */
export function buildKey(env, root = process.cwd()) {
  const hash = createHash('sha256');
  const envFiles = readdirSync(root).filter((name) => name.startsWith('.env'));
  const paths = [...SOURCE_FILES, ...envFiles].filter((name) => existsSync(join(root, name)));
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) paths.push(...[...files(join(root, dir))].map((path) => path.slice(root.length + 1)));
  for (const path of paths.sort()) hash.update(`${path}\0`).update(readFileSync(join(root, path))).update('\0');
  for (const line of versionSettings(env)) hash.update(`${line}\0`);
  return hash.digest('hex').slice(0, 16);
}

/** Where a version's build lives: the storefront (STATIC_DIR) and the server's entry. */
export function buildFolders(key, root = process.cwd()) {
  const dir = resolve(root, BUILDS_DIR, key);
  return { dir, staticDir: join(dir, 'dist'), serverEntry: join(dir, 'server', 'main.js') };
}

/** The environment `npm start` builds with: always for production (a tool such as Vite may have set NODE_ENV in the process). */
export const buildEnv = (env = process.env) => ({ ...env, NODE_ENV: 'production' });

/** The environment `npm start` builds with in the local set-up. */
export const localBuildEnv = (env = process.env) => ({ ...buildEnv(env), ...LOCAL_BROWSER_ENV });

/** The build `npm start` serves in the local set-up for the sources as they are now. */
export function localShopBuild(root = process.cwd()) {
  return buildFolders(buildKey(localBuildEnv(), root), root);
}

/** A build failed: its output is kept for the message. */
export class BuildError extends Error {
  name = 'BuildError';
  constructor(output) {
    super('The shop did not build.');
    this.output = output;
  }
}

/** Runs one Vite build quietly: its output is only shown when it fails. */
function vite(args, env, root) {
  return new Promise((done, fail) => {
    const child = spawn(resolve(root, 'node_modules/.bin/vite'), [...args, '--logLevel', 'error'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new BuildError(output))));
  });
}

/** The storefront into `dir`/dist and the server bundle into `dir`/server. */
async function viteBuild(dir, env, root) {
  await vite(['build', '--outDir', join(dir, 'dist'), '--emptyOutDir'], env, root);
  await vite(['build', '--ssr', 'server/main.ts', '--outDir', join(dir, 'server'), '--emptyOutDir'], env, root);
}

/** Whether the process runs (one of another user's included). */
export const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** The shops (their pids) that said they serve the build, those still running. */
function liveUsers(dir) {
  const users = join(dir, 'users');
  return existsSync(users) ? readdirSync(users).filter((name) => isRunning(Number(name))) : [];
}

/**
 * Marks the build as served by this process until it exits (no prune removes
 * it meanwhile) and as the last used. Returns the unmarking, also run at exit.
 */
export function useBuild(dir, pid = process.pid) {
  const mark = join(dir, 'users', String(pid));
  mkdirSync(join(dir, 'users'), { recursive: true });
  writeFileSync(mark, '');
  const now = new Date();
  utimesSync(dir, now, now);
  const release = () => {
    process.off('exit', release);
    if (existsSync(mark)) unlinkSync(mark);
  };
  process.on('exit', release);
  return release;
}

/** Removes the builds no running shop serves past the KEPT_BUILDS last used, and what builds that died left behind. */
export function pruneBuilds(root = process.cwd(), keep = KEPT_BUILDS) {
  const builds = resolve(root, BUILDS_DIR);
  if (!existsSync(builds)) return;
  const finished = [];
  for (const name of readdirSync(builds)) {
    const path = join(builds, name);
    const building = IN_PROGRESS.exec(name);
    if (building) {
      if (!isRunning(Number(building[1]))) rmSync(path, { recursive: true, force: true });
    } else if (liveUsers(path).length === 0) {
      finished.push({ path, used: statSync(path).mtimeMs });
    }
  }
  finished.sort((a, b) => b.used - a.used);
  for (const { path } of finished.slice(keep)) rmSync(path, { recursive: true, force: true });
}

/**
 * The build of this version for the environment, made when missing (onBuild
 * is told first); `build` writes the version into the folder it is given.
 * Two processes making one version at once both succeed: the first rename
 * wins, the other's copy is dropped.
 * @returns {Promise<{ key: string, dir: string, staticDir: string, serverEntry: string, built: boolean }>}
 */
export async function ensureShopBuild({ env, root = process.cwd(), build = viteBuild, onBuild = () => {} }) {
  const key = buildKey(env, root);
  const folders = buildFolders(key, root);
  if (existsSync(folders.dir)) return { key, ...folders, built: false };
  onBuild(key);
  const temporary = resolve(root, BUILDS_DIR, `tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(temporary, { recursive: true });
  const removeTemporary = () => rmSync(temporary, { recursive: true, force: true });
  process.on('exit', removeTemporary);
  try {
    await build(temporary, env, root);
    renameSync(temporary, folders.dir);
  } catch (error) {
    removeTemporary();
    // Another start finished the same version first: its build is this one.
    if (!existsSync(folders.dir) || error instanceof BuildError) throw error;
  } finally {
    process.off('exit', removeTemporary);
  }
  return { key, ...folders, built: true };
}
