// The shop as `npm start` builds and runs it, for the benchmark: the storefront
// built for the Firebase Auth emulator, the server build on PGlite in a fresh
// data folder (or, with BENCH_DATABASE=postgres, on a fresh PostgreSQL cluster
// of its own), and the emulator. Both builds go to a folder of the benchmark's
// own: the working tree's dist/ and dist-server/ are rebuilt by other runs
// (the server tests build dist-server/ for their environment) at any time.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROJECT_ID, startAuthEmulator } from './authEmulator.mjs';

const vite = resolve('node_modules/.bin/vite');
/** Inside the project, so the server build finds its packages in node_modules/. */
export const BUILD_DIR = 'node_modules/.cache/bench';
const STATIC_DIR = `${BUILD_DIR}/dist`;
const SERVER_DIR = `${BUILD_DIR}/dist-server`;
/** Of the range kept for ad-hoc servers, beside bench.mjs's ports. */
const POSTGRES_PORT = 4494;

/** Runs a command to its end, or ends this process with its exit code. */
export function runOrExit(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The storefront (into BUILD_DIR/dist) and the server as start.mjs builds them, for production, the storefront signing in through the emulator on emulatorPort. */
export function buildShop({ emulatorPort }) {
  const env = { ...process.env, NODE_ENV: 'production' };
  runOrExit(vite, ['build', '--outDir', STATIC_DIR, '--logLevel', 'warn'], {
    ...env,
    VITE_FIREBASE_API_KEY: 'demo-key',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_AUTH_EMULATOR: `http://127.0.0.1:${emulatorPort}`,
  });
  runOrExit(vite, ['build', '--ssr', 'server/main.ts', '--outDir', SERVER_DIR, '--logLevel', 'warn'], env);
}

/**
 * A throwaway PostgreSQL cluster on loopback, as tests/server/postgres.ts
 * starts one but with fsync on, as a deployment runs it; as the postgres user
 * when we are root. pid is the postmaster's, version the major one.
 */
function startPostgres(port) {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error("BENCH_DATABASE=postgres needs Debian's postgresql (apt-get install postgresql).");
  const bin = join(root, version, 'bin');
  const asRoot = process.getuid?.() === 0;
  const run = (tool, args) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : execFileSync(join(bin, tool), args);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
    'start',
  ]);
  const stop = () => {
    process.off('exit', stop);
    run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  // As the server and the emulator, below.
  process.on('exit', stop);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    pid: Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop,
  };
}

/**
 * Starts the emulator, the database (BENCH_DATABASE=postgres) and the built
 * server (production mode, as `npm start`) and waits until the server answers
 * its health check. pid is the server's node process, databasePid
 * PostgreSQL's postmaster (null on PGlite, which runs inside the server).
 * @returns {Promise<{ origin: string, pid: number, database: string, databasePid: number | null, stop(): Promise<void> }>}
 */
export async function startShop({ port, emulatorPort }) {
  const postgres = process.env.BENCH_DATABASE === 'postgres' ? startPostgres(POSTGRES_PORT) : null;
  const emulator = await startAuthEmulator({ port: emulatorPort }).catch((error) => {
    postgres?.stop();
    throw error;
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const server = spawn(process.execPath, [`${SERVER_DIR}/main.js`], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...(postgres && { DATABASE_URL: postgres.url }),
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR,
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      LOG_LEVEL: 'error',
    },
  });
  // A benchmark that dies (an uncaught error) must not leave the server and the emulator holding their ports.
  const left = () => {
    server.kill('SIGKILL');
    if (emulator.child.exitCode === null) process.kill(-emulator.child.pid, 'SIGKILL');
  };
  process.on('exit', left);
  const stop = async () => {
    process.off('exit', left);
    if (running(server)) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    await emulator.stop();
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilOk(`${origin}/api/health`, 60_000, server);
  } catch (error) {
    await stop();
    throw error;
  }
  const database = postgres
    ? `PostgreSQL ${postgres.version}, a cluster of its own`
    : process.env.DATABASE_URL
      ? 'PostgreSQL (DATABASE_URL)'
      : 'PGlite';
  return { origin, pid: server.pid, database, databasePid: postgres?.pid ?? null, stop };
}

const running = (child) => child.exitCode === null && child.signalCode === null;

/** Polls the URL until it answers 2xx; fails when the child exits first or the time is up. */
export async function waitUntilOk(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!running(child)) throw new Error(`The server for ${url} exited (${child.exitCode ?? child.signalCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}
