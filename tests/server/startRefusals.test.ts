import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { firebaseAuth } from '~/server/identity/firebase';
import { authEmulator } from './authEmulator';
import { freePort } from './freePort';
import { BUILT_SERVER } from './globalSetup';

/** Starts of the built server and of `npm start` that cannot go on: each says so in one paragraph, never a stack. */
let auth: ReturnType<typeof firebaseAuth>;
beforeAll(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulator().host;
  auth = firebaseAuth({ projectId: authEmulator().projectId });
});
afterAll(() => {
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with the given script and environment; resolves once it exits, or stops it when `until` is seen in its output. */
function run(args: string[], env: Record<string, string>, until?: string): Promise<Run> {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const result: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    result.stdout += chunk.toString();
    if (until && result.stdout.includes(until)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ ...result, code })));
}

const builtServer = async (env: Record<string, string>, until?: string) =>
  run(
    [BUILT_SERVER],
    { FIREBASE_AUTH_EMULATOR_HOST: authEmulator().host, FIREBASE_PROJECT_ID: authEmulator().projectId, LOG_LEVEL: 'error', ...env },
    until,
  );

/** One paragraph: a single line, no stack frames. */
const expectOneParagraph = (text: string) => {
  expect(text.trim()).not.toContain('\n');
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
};

it('a start that finds the demo Admin missing from the emulator makes it again with the uid the database holds', async () => {
  const port = String(await freePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'accounts-again-'));
  const admin = { ADMIN_EMAIL: `owner.${port}@makeup.test`, ADMIN_PASSWORD: 'owner123' };
  expect((await builtServer({ PORT: port, DATA_DIR: dataDir, ...admin }, 'Stop with Ctrl-C')).stdout).toContain(
    `Admin:     ${admin.ADMIN_EMAIL}`,
  );
  const { uid } = await auth.getUserByEmail(admin.ADMIN_EMAIL);
  // The emulator lost the account (its export deleted, or another shop's exported in its place).
  await auth.deleteUser(uid);

  const again = await builtServer({ PORT: port, DATA_DIR: dataDir, ...admin }, 'Stop with Ctrl-C');
  expect(again.stderr).toBe('');
  expect(again.stdout).toContain(`Admin:     ${admin.ADMIN_EMAIL} / owner123`);
  expect((await auth.getUserByEmail(admin.ADMIN_EMAIL)).uid).toBe(uid);
}, 120_000);

it('a PORT in use is refused in one paragraph saying what to do', async () => {
  const port = String(await takenPort());
  const result = await builtServer({ PORT: port, DATA_DIR: await mkdtemp(join(tmpdir(), 'port-taken-')) });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    `The shop cannot listen on 127.0.0.1:${port}: another program, perhaps another shop, listens there. Stop it, or start this shop with another PORT`,
  );
  expectOneParagraph(result.stderr);
}, 120_000);

/** A process that looks like a running shop: node on a script named scripts/start.mjs, doing nothing. */
async function fakeShop() {
  const script = join(await mkdtemp(join(tmpdir(), 'fake-shop-')), 'scripts', 'start.mjs');
  mkdirSync(dirname(script));
  writeFileSync(script, 'setInterval(() => {}, 1000);');
  const child = spawn(process.execPath, [script], { stdio: 'ignore' });
  onTestFinished(() => void child.kill('SIGKILL'));
  return child.pid!;
}

/** A port something listens on, released when the test ends. */
async function takenPort() {
  const taken = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => taken.once('listening', resolve));
  onTestFinished(() => void taken.close());
  return (taken.address() as { port: number }).port;
}

it('npm start refuses a data folder a running shop uses, before building anything', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folder-in-use-'));
  const shop = await fakeShop();
  writeFileSync(join(dataDir, 'shop.pid'), String(shop));
  const result = await run(['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: dataDir });
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(`Another shop (process ${shop}) is running on the data folder ${dataDir}`);
  expect(result.stderr).toContain('Stop that shop first (Ctrl-C where it runs), or start this one with another DATA_DIR (and PORT)');
  expectOneParagraph(result.stderr);
}, 30_000);

// A file as DATA_DIR would print mkdir's stack, and a folder under /proc would hang for ever.
it('npm start refuses a data folder it cannot make or write, in one paragraph, at once', async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'folder-a-file-')), 'a-file');
  writeFileSync(file, 'not a folder');
  const folders = [file, join(file, 'under'), ...(existsSync('/proc/self') ? ['/proc/no-such-shop'] : [])];
  for (const dataDir of folders) {
    const result = await run(['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: dataDir });
    expect([dataDir, result.code]).toEqual([dataDir, 1]);
    expect(result.stderr).toContain(`The data folder ${dataDir} cannot be used`);
    expectOneParagraph(result.stderr);
  }
}, 30_000);

it('npm start takes a data folder whose shop was killed hard, though its pid now runs another program', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folder-left-'));
  // This test's own process runs under the pid the killed shop left.
  writeFileSync(join(dataDir, 'shop.pid'), String(process.pid));
  // It then stops at its emulator's port, taken, having held the folder.
  const port = await takenPort();
  const result = await run(['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: dataDir, AUTH_EMULATOR_PORT: String(port) });
  expect(result.stderr).not.toContain('Another shop');
  expect(result.stderr).toContain(`AUTH_EMULATOR_PORT=${port} is taken`);
  expect(existsSync(join(dataDir, 'shop.pid'))).toBe(false);
}, 30_000);

it('of two starts taking one data folder at the same moment, exactly one holds it', async () => {
  const folder = await mkdtemp(join(tmpdir(), 'folder-raced-'));
  const processLock = JSON.stringify(new URL('../../scripts/processLock.mjs', import.meta.url).href);
  // Two processes take a lock each millisecond-tick, a new lock file each time, for as many rounds.
  const rounds = 2_000;
  const at = Date.now() + 2_000;
  const race = () =>
    run(
      [
        '--input-type=module',
        '-e',
        `const { isRunning, takeLock } = await import(${processLock});
        const held = [];
        for (let round = 0; round < ${rounds}; round++) {
          while (Date.now() < ${at} + round * 2);
          if (!takeLock(${JSON.stringify(folder)} + '/shop.pid.' + round, isRunning).holder) held.push(round);
        }
        console.log(JSON.stringify(held));
        setTimeout(() => {}, 500);`,
      ],
      {},
    );
  const [first, second] = (await Promise.all([race(), race()])).map((result) => JSON.parse(result.stdout) as number[]);
  expect(first!.length + second!.length).toBe(rounds);
  expect(first!.filter((round) => second!.includes(round))).toEqual([]);
}, 30_000);

it('npm start refuses an AUTH_EMULATOR_PORT in use in one paragraph', async () => {
  const port = await takenPort();
  const result = await run(['scripts/start.mjs'], {
    PORT: String(await freePort()),
    DATA_DIR: await mkdtemp(join(tmpdir(), 'emulator-port-')),
    AUTH_EMULATOR_PORT: String(port),
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`AUTH_EMULATOR_PORT=${port} is taken`);
  expectOneParagraph(result.stderr);
}, 30_000);
