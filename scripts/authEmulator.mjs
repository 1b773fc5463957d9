// The Firebase Auth emulator (project demo-shop, loopback only, no network
// calls), for `npm start`, the benchmark and the server tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runsScript, takeLock } from './processLock.mjs';

export const PROJECT_ID = 'demo-shop';
/** The emulator's usual port; its hub and logging take the two after it. */
export const DEFAULT_EMULATOR_PORT = 9099;
const PORTS_PER_EMULATOR = 3;

const isFree = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** Whether the emulator's port and the two after it (its hub and logging) are free on loopback. */
async function emulatorPortsFree(port) {
  for (let offset = 0; offset < PORTS_PER_EMULATOR; offset++) if (!(await isFree(port + offset))) return false;
  return true;
}

/** The file that reserves an emulator's ports for the shop named in it, so two starts at once never pick the same. */
const reservation = (port) => join(tmpdir(), `rouge-auth-emulator-${port}.pid`);

/**
 * Reserves the emulator's port for this process until it exits, if no other
 * shop reserved it and nothing listens on its three ports. Two starts at
 * once never get the same port.
 */
export async function reserveEmulatorPort(port) {
  const { release } = takeLock(reservation(port), (pid) => runsScript(pid, 'scripts/start.mjs'));
  if (!release) return false;
  if (await emulatorPortsFree(port)) return true;
  release();
  return false;
}

/** Reserves the first port from the usual one that no other shop reserved and on whose three ports nothing listens. */
export async function reserveFreeEmulatorPort(from = DEFAULT_EMULATOR_PORT) {
  for (let port = from; port + PORTS_PER_EMULATOR <= 65536; port += PORTS_PER_EMULATOR) if (await reserveEmulatorPort(port)) return port;
  throw new Error(`No three free ports from ${from} up for the Auth emulator.`);
}

/** Our environment without what a test runner or a client of another emulator leaves in it. */
function cliEnvironment() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST' || key === 'FIREBASE_AUTH_EMULATOR_HOST') delete env[key];
  }
  return env;
}

/** What the CLI prints once every emulator it started listens. */
const READY = 'All emulators ready';
const READY_WITHIN_MS = 90_000;
/**
 * The CLI spends its start compiling the Identity Toolkit API's schemas, most
 * of a restart's time: a larger young heap collects less often meanwhile
 * (about 13 % less CPU to ready here).
 */
const YOUNG_HEAP = '--max-semi-space-size=64';

/**
 * Resolves once the child says its emulator is ready: that is this child's
 * own emulator listening, where an answer on the port may come from another's.
 * Fails with the CLI's reason when the child ends first (a port taken, say).
 */
function childReady(child) {
  return new Promise((resolve, reject) => {
    let said = '';
    const hear = (chunk) => {
      said += chunk.toString();
      if (said.includes(READY)) settle(resolve);
    };
    const ended = (code, signal) => {
      const reason = said.match(/^Error: (.+)$/m)?.[1] ?? said.trim().split('\n').at(-1);
      settle(() =>
        reject(new Error(`it ended (${code ?? signal}) before it was ready${reason ? `: ${reason.trim().replace(/\.$/, '')}` : ''}`)),
      );
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`it was not ready within ${READY_WITHIN_MS / 1000} s`))), READY_WITHIN_MS);
    const settle = (end) => {
      clearTimeout(timer);
      child.off('exit', ended);
      for (const stream of [child.stdout, child.stderr]) stream.off('data', hear);
      // What it prints later is of no use to the shop, but for its errors.
      child.stdout.resume();
      child.stderr.pipe(process.stderr);
      end();
    };
    child.once('exit', ended);
    for (const stream of [child.stdout, child.stderr]) stream.on('data', hear);
  });
}

/**
 * Starts the emulator on the port. With `dataDir`, its accounts are imported
 * from and exported to that folder, so they survive a restart.
 * The CLI finds the emulator to export from through a locator file named for
 * the project in the temporary folder, where the first of two emulators of
 * one project would be found by both: each gets a temporary folder of its own,
 * removed at stop when there is no data folder.
 * @param {{ port: number, dataDir?: string, projectId?: string }} options
 * @returns {Promise<{ host: string, child: import('node:child_process').ChildProcess, stop(): Promise<void> }>}
 */
export async function startAuthEmulator({ port, dataDir, projectId = PROJECT_ID }) {
  const configDir = dataDir ?? mkdtempSync(join(tmpdir(), 'auth-emulator-'));
  mkdirSync(configDir, { recursive: true });
  const config = join(configDir, 'firebase.json');
  // The hub and logging ports next to the auth port, so two emulators (a test run and `npm start`) never contend for the defaults.
  const emulators = {
    auth: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: port + 1 },
    logging: { host: '127.0.0.1', port: port + 2 },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(config, JSON.stringify({ emulators }));
  const persist = [];
  if (dataDir) {
    const exportDir = join(dataDir, 'firebase');
    mkdirSync(exportDir, { recursive: true });
    if (existsSync(join(exportDir, 'firebase-export-metadata.json'))) persist.push('--import', exportDir);
    persist.push('--export-on-exit', exportDir);
  }
  const ownTmp = join(configDir, 'emulator-hub');
  mkdirSync(ownTmp, { recursive: true });
  const child = spawn(
    resolve('node_modules/.bin/firebase'),
    ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config, ...persist],
    {
      cwd: configDir,
      env: {
        ...cliEnvironment(),
        CI: '1',
        NO_UPDATE_NOTIFIER: '1',
        TMPDIR: ownTmp,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${YOUNG_HEAP}`.trim(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const host = `127.0.0.1:${port}`;
  await childReady(child);
  return {
    host,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // SIGINT to the CLI alone: it exports the accounts (with a data folder), then stops its emulator.
        child.kill('SIGINT');
        let timer;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
        // A pending timer would keep the caller's process alive after the emulator is gone.
        clearTimeout(timer);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      // The temporary folder it was given, when it kept no accounts in a data folder.
      if (!dataDir) rmSync(configDir, { recursive: true, force: true });
    },
  };
}
