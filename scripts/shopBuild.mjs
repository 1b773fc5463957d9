// The shop's builds, one per version: the storefront and the server bundle
// under .build/<key>/, the key a hash of every source the builds read and of
// the build's environment. A build is written to a temporary folder, marked
// whole last, and renamed into place; a prune first renames a build out of
// the builds' names, then deletes it. So a start finds a version's build
// whole or not at all, two starts of one version racing are both served the
// same folder, a start never rewrites the folder another shop serves, and no
// prune removes a build a running shop serves. A start with nothing changed
// finds its build and builds nothing.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { PROJECT_ID } from './authEmulator.mjs';
import { isRunning, takeLock } from './processLock.mjs';

export const BUILDS_DIR = '.build';
/** What the builds read: these folders (but tests and stories) and files, and any .env file Vite loads. */
const SOURCE_DIRS = ['src', 'server', 'seed', 'machines', 'mocks', 'public'];
const SOURCE_FILES = ['index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json', 'openapi.yaml'];
const NOT_BUILT = /\.(test|stories)\.[cm]?[jt]sx?$/;
/** Builds kept beside those a running shop uses, the last used first. */
const KEPT_BUILDS = 3;
/** Written last into a build: a folder without it is not whole and is never served. */
const COMPLETE = 'complete';
const BUILDING = 'tmp-';
const DISCARDED = 'gone-';
/** The folders a build or a prune under way (of the process named) keeps outside the builds' names. */
const LEFT_BEHIND = /^(?:tmp|gone)-(\d+)-/;
const LOCK_HELD_AT_MOST_MS = 10_000;
/** Part of the key: a folder of another layout (one without the whole mark) is never taken for this version's. */
const FOLDER_LAYOUT = `dist, server, ${COMPLETE}`;

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
  for (const dir of SOURCE_DIRS)
    if (existsSync(join(root, dir))) paths.push(...[...files(join(root, dir))].map((path) => path.slice(root.length + 1)));
  for (const path of paths.sort())
    hash
      .update(`${path}\0`)
      .update(readFileSync(join(root, path)))
      .update('\0');
  for (const line of versionSettings(env)) hash.update(`${line}\0`);
  hash.update(`${FOLDER_LAYOUT}\0`);
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

/** `[CODE] message`, as the bundler names a problem; the code may be a plugin's name. */
const PROBLEM = /^\[[\w:.\-/]+\]\s*\S/;
/** `[ src/main.ts:2:21 ]` in the frame drawn under a problem. */
const PLACE = /\[\s*([^\s[\]]+:\d+:\d+)\s*\]/;
const STACK_FRAME = /^\s+at /;

/** A build failed: its whole output is kept (for a log file), and the lines naming its problems for the message. */
export class BuildError extends Error {
  name = 'BuildError';
  constructor(output) {
    super('The shop did not build.');
    this.output = output;
  }

  /** Each problem as `file:line:column: [CODE] message`; without any the bundler's own lines, never a stack frame or a drawn code frame. */
  get problems() {
    const lines = stripVTControlCharacters(this.output).split('\n');
    const problems = [];
    for (const [i, line] of lines.entries()) {
      if (!PROBLEM.test(line.trim())) continue;
      const place = lines
        .slice(i + 1, i + 3)
        .map((next) => PLACE.exec(next)?.[1])
        .find(Boolean);
      problems.push(place ? `${place}: ${line.trim()}` : line.trim());
    }
    if (problems.length > 0) return problems;
    const stack = lines.findIndex((line) => STACK_FRAME.test(line));
    return lines
      .slice(0, stack === -1 ? undefined : stack)
      .map((line) => line.trim())
      .filter((line) => line && !/^[│╭╰─┬]/.test(line));
  }
}

/** Runs one Vite build quietly: its output is only shown when it fails. */
function vite(args, env, root) {
  return new Promise((done, fail) => {
    const child = spawn(resolve(root, 'node_modules/.bin/vite'), [...args, '--logLevel', 'error'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/** The shops (their pids) that said they serve the build, those still running. */
function liveUsers(dir) {
  const users = join(dir, 'users');
  return existsSync(users) ? readdirSync(users).filter((name) => isRunning(Number(name))) : [];
}

const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Runs `work` while holding the builds' lock, which every start takes to mark
 * the build it serves and to prune: no prune takes a build between a start's
 * finding it whole and marking it served. The lock is held for milliseconds: one
 * held longer is a dead start's, whatever runs under its pid now.
 */
function underBuildsLock(root, work) {
  const lock = resolve(root, BUILDS_DIR, '.lock');
  mkdirSync(resolve(root, BUILDS_DIR), { recursive: true });
  const deadline = Date.now() + LOCK_HELD_AT_MOST_MS;
  let taken;
  while (!(taken = takeLock(lock, (pid) => Date.now() < deadline && isRunning(pid))).release) pause(20);
  try {
    return work();
  } finally {
    taken.release();
  }
}

/** Moves the folder out of the builds' names in one step (a start finds a build whole or not at all); returns where, to be deleted. */
function setAside(path, root) {
  const aside = resolve(root, BUILDS_DIR, `${DISCARDED}${process.pid}-${randomBytes(4).toString('hex')}`);
  renameSync(path, aside);
  return aside;
}

const remove = (paths) => {
  for (const path of paths) rmSync(path, { recursive: true, force: true });
};

/** Marks the build as served by the pid and as the last used, if it is whole (under the builds' lock). Returns the unmarking, or null. */
function claim(dir, pid) {
  if (!existsSync(join(dir, COMPLETE))) return null;
  const mark = join(dir, 'users', String(pid));
  mkdirSync(join(dir, 'users'), { recursive: true });
  writeFileSync(mark, '');
  const now = new Date();
  utimesSync(dir, now, now);
  const release = () => {
    process.off('exit', release);
    rmSync(mark, { force: true });
  };
  process.on('exit', release);
  return release;
}

/**
 * Marks the whole build as served by this process until it exits (no prune
 * removes it meanwhile) and as the last used. Returns the unmarking, also run
 * at exit.
 */
export function useBuild(dir, pid = process.pid) {
  const release = underBuildsLock(resolve(dir, '..', '..'), () => claim(dir, pid));
  if (!release) throw new Error(`The build ${dir} is not whole: build it with ensureShopBuild.`);
  return release;
}

/**
 * Removes the builds no running shop serves past the KEPT_BUILDS last used,
 * any folder of the builds that is not whole, and what builds and prunes that
 * died left behind.
 */
export function pruneBuilds(root = process.cwd(), keep = KEPT_BUILDS) {
  const builds = resolve(root, BUILDS_DIR);
  if (!existsSync(builds)) return;
  const leftBehind = [];
  const discarded = underBuildsLock(root, () => {
    const whole = [];
    const notWhole = [];
    for (const entry of readdirSync(builds, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(builds, entry.name);
      const owner = LEFT_BEHIND.exec(entry.name);
      if (owner) {
        if (!isRunning(Number(owner[1]))) leftBehind.push(path);
      } else if (liveUsers(path).length === 0) {
        (existsSync(join(path, COMPLETE)) ? whole : notWhole).push({ path, used: statSync(path).mtimeMs });
      }
    }
    whole.sort((a, b) => b.used - a.used);
    return [...notWhole, ...whole.slice(keep)].map(({ path }) => setAside(path, root));
  });
  remove([...leftBehind, ...discarded]);
}

/** Builds the version into a temporary folder, marks it whole last, and renames it into place. */
async function buildInto(dir, env, root, build) {
  const temporary = resolve(root, BUILDS_DIR, `${BUILDING}${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(temporary, { recursive: true });
  const removeTemporary = () => rmSync(temporary, { recursive: true, force: true });
  process.on('exit', removeTemporary);
  try {
    await build(temporary, env, root);
    // Served by this process from the moment it is in place: no prune takes it before this start marks it so.
    mkdirSync(join(temporary, 'users'));
    writeFileSync(join(temporary, 'users', String(process.pid)), '');
    writeFileSync(join(temporary, COMPLETE), '');
    renameSync(temporary, dir);
  } catch (error) {
    removeTemporary();
    // Another start finished the same version first: its build is this one.
    if (error instanceof BuildError || !existsSync(join(dir, COMPLETE))) throw error;
  } finally {
    process.off('exit', removeTemporary);
  }
}

/**
 * The whole build of this version for the environment, made when missing
 * (onBuild is told first) and marked as served by this process until it
 * exits; `build` writes the version into the folder it is given. Two
 * processes making one version at once both succeed: the first rename wins,
 * the other's copy is dropped.
 * @returns {Promise<{ key: string, dir: string, staticDir: string, serverEntry: string, built: boolean, release(): void }>}
 */
export async function ensureShopBuild({ env, root = process.cwd(), build = viteBuild, onBuild = () => {} }) {
  const key = buildKey(env, root);
  const folders = buildFolders(key, root);
  let built = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = underBuildsLock(root, () => {
      const release = claim(folders.dir, process.pid);
      // Not whole (left by an older shop or a prune that died): moved aside, unless a running shop serves it.
      if (!release && existsSync(folders.dir) && liveUsers(folders.dir).length === 0) return { aside: setAside(folders.dir, root) };
      return { release };
    });
    if (found.aside) remove([found.aside]);
    if (found.release) return { key, ...folders, built, release: found.release };
    if (!built) onBuild(key);
    await buildInto(folders.dir, env, root, build);
    built = true;
  }
  throw new Error(`its build ${folders.dir} was removed as soon as it was made, three times`);
}
