// `npm start`: builds the shop and runs it on the real server, with the
// Firebase Auth emulator (accounts kept under DATA_DIR) unless a Firebase
// project is configured, and test payments unless PayPal is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const env = { ...process.env };
const dataDir = resolve(env.DATA_DIR ?? 'data');
const port = env.PORT ?? '3000';
const emulatorPort = env.AUTH_EMULATOR_PORT ?? '9099';
const useEmulator = !env.VITE_FIREBASE_API_KEY;
const bin = (name) => resolve('node_modules/.bin', name);
const children = [];

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function start(command, args, extraEnv, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv }, ...options });
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) stop(code ?? 1);
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 8000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`Nothing answered at ${url}`);
}

const browserEnv = useEmulator
  ? { VITE_FIREBASE_API_KEY: 'demo-key', VITE_FIREBASE_PROJECT_ID: 'demo-shop', VITE_FIREBASE_AUTH_EMULATOR: `http://127.0.0.1:${emulatorPort}` }
  : {};
run(bin('vite'), ['build', '--logLevel', 'warn'], browserEnv);
run(bin('vite'), ['build', '--ssr', 'server/main.ts', '--outDir', 'dist-server', '--logLevel', 'warn']);

const serverEnv = {};
if (useEmulator) {
  const emulatorDir = resolve(dataDir, 'firebase');
  mkdirSync(emulatorDir, { recursive: true });
  const config = resolve(dataDir, 'firebase.json');
  writeFileSync(config, JSON.stringify({ emulators: { auth: { host: '127.0.0.1', port: Number(emulatorPort) }, ui: { enabled: false }, singleProjectMode: true } }));
  const imported = existsSync(resolve(emulatorDir, 'firebase-export-metadata.json')) ? ['--import', emulatorDir] : [];
  start(
    bin('firebase'),
    ['emulators:start', '--only', 'auth', '--project', 'demo-shop', '--config', config, ...imported, '--export-on-exit', emulatorDir],
    { CI: '1', NO_UPDATE_NOTIFIER: '1' },
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitFor(`http://127.0.0.1:${emulatorPort}/`, 60_000);
  Object.assign(serverEnv, { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`, FIREBASE_PROJECT_ID: 'demo-shop' });
}

start(process.execPath, ['dist-server/main.js'], { ...serverEnv, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' });
await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);

const adminEmail = env.ADMIN_EMAIL ?? 'admin@makeup.test';
const adminPassword = env.ADMIN_PASSWORD ?? 'admin123';
console.log(`
  Rouge makeup shop: http://localhost:${port}
  Database:  ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}/pglite`}
  Sign-in:   ${useEmulator ? `Firebase Auth emulator on 127.0.0.1:${emulatorPort} (accounts in ${dataDir}/firebase)` : 'Firebase project'}
  Payments:  ${env.PAYPAL_CLIENT_ID ? 'PayPal' : 'test payments (no money moves)'}
  Admin:     ${adminEmail} / ${adminPassword}${useEmulator ? '\n  Shopper:   ana@makeup.test / makeup123' : ''}
  Stop with Ctrl-C.
`);
