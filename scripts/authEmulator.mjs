// The Firebase Auth emulator (project demo-shop, loopback only, no network
// calls), for `npm start`, the benchmark and the server tests.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
export async function emulatorPortsFree(port) {
  for (let offset = 0; offset < PORTS_PER_EMULATOR; offset++) if (!(await isFree(port + offset))) return false;
  return true;
}

/** The first port from the usual one on whose three ports nothing listens: a second shop's emulator beside the first's. */
export async function freeEmulatorPort(from = DEFAULT_EMULATOR_PORT) {
  for (let port = from; port + PORTS_PER_EMULATOR <= 65536; port += PORTS_PER_EMULATOR) if (await emulatorPortsFree(port)) return port;
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

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The auth emulator exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`The auth emulator did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the emulator on the port. With `dataDir`, its accounts are imported
 * from and exported to that folder, so they survive a restart.
 * The CLI finds the emulator to export from through a locator file named for
 * the project in the temporary folder, where the first of two emulators of
 * one project would be found by both: each gets a temporary folder of its own.
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
      env: { ...cliEnvironment(), CI: '1', NO_UPDATE_NOTIFIER: '1', TMPDIR: ownTmp },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    },
  );
  const host = `127.0.0.1:${port}`;
  await waitFor(`http://${host}/`, 60_000, child);
  return {
    host,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      // SIGINT to the CLI alone: it exports the accounts (with a data folder), then stops its emulator.
      child.kill('SIGINT');
      let timer;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
      // A pending timer would keep the caller's process alive after the emulator is gone.
      clearTimeout(timer);
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    },
  };
}
