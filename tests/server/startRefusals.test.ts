import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { firebaseAuth } from '../../server/identity/firebase';
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
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const result: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => {
    result.stdout += chunk.toString();
    if (until && result.stdout.includes(until)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ ...result, code })));
}

const builtServer = async (env: Record<string, string>, until?: string) =>
  run([BUILT_SERVER], { FIREBASE_AUTH_EMULATOR_HOST: authEmulator().host, FIREBASE_PROJECT_ID: authEmulator().projectId, LOG_LEVEL: 'error', ...env }, until);

/** One paragraph: a single line, no stack frames. */
const expectOneParagraph = (text: string) => {
  expect(text.trim()).not.toContain('\n');
  expect(text).not.toMatch(/\bat .+:\d+:\d+/);
};

it('a start that finds the demo Admin missing from the emulator makes it again with the uid the database holds', async () => {
  const port = String(await freePort());
  const dataDir = await mkdtemp(join(tmpdir(), 'accounts-again-'));
  const admin = { ADMIN_EMAIL: `owner.${port}@makeup.test`, ADMIN_PASSWORD: 'owner123' };
  expect((await builtServer({ PORT: port, DATA_DIR: dataDir, ...admin }, 'Stop with Ctrl-C')).stdout).toContain(`Admin:     ${admin.ADMIN_EMAIL}`);
  const { uid } = await auth.getUserByEmail(admin.ADMIN_EMAIL);
  // The emulator lost the account (its export deleted, or another shop's exported in its place).
  await auth.deleteUser(uid);

  const again = await builtServer({ PORT: port, DATA_DIR: dataDir, ...admin }, 'Stop with Ctrl-C');
  expect(again.stderr).toBe('');
  expect(again.stdout).toContain(`Admin:     ${admin.ADMIN_EMAIL} / owner123`);
  expect((await auth.getUserByEmail(admin.ADMIN_EMAIL)).uid).toBe(uid);
}, 120_000);

it('a PORT in use is refused in one paragraph saying what to do', async () => {
  const taken = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => taken.once('listening', resolve));
  const port = String((taken.address() as { port: number }).port);
  const result = await builtServer({ PORT: port, DATA_DIR: await mkdtemp(join(tmpdir(), 'port-taken-')) });
  taken.close();
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`The shop cannot listen on 127.0.0.1:${port}: another program, perhaps another shop, listens there. Stop it, or start this shop with another PORT`);
  expectOneParagraph(result.stderr);
}, 120_000);

it('npm start refuses a data folder a running shop uses, before building anything', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'folder-in-use-'));
  // This test's own process stands for the shop running on it.
  writeFileSync(join(dataDir, 'shop.pid'), String(process.pid));
  const result = await run(['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: dataDir });
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toContain(`Another shop (process ${process.pid}) is running on the data folder ${dataDir}`);
  expect(result.stderr).toContain('Stop that shop first (Ctrl-C where it runs), or start this one with another DATA_DIR (and PORT)');
  expectOneParagraph(result.stderr);
}, 30_000);

it('npm start refuses an AUTH_EMULATOR_PORT in use in one paragraph', async () => {
  const taken = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => taken.once('listening', resolve));
  const port = (taken.address() as { port: number }).port;
  const result = await run(['scripts/start.mjs'], { PORT: String(await freePort()), DATA_DIR: await mkdtemp(join(tmpdir(), 'emulator-port-')), AUTH_EMULATOR_PORT: String(port) });
  taken.close();
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`AUTH_EMULATOR_PORT=${port} is taken`);
  expectOneParagraph(result.stderr);
}, 30_000);
