// `npm start`: builds the shop and runs it on the real server, with the
// Firebase Auth emulator (accounts kept under DATA_DIR) unless a Firebase
// project is configured, and test payments unless PayPal is.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { PROJECT_ID, startAuthEmulator } from './authEmulator.mjs';

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

function start(command, args, extraEnv) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
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
  ? { VITE_FIREBASE_API_KEY: 'demo-key', VITE_FIREBASE_PROJECT_ID: PROJECT_ID, VITE_FIREBASE_AUTH_EMULATOR: `http://127.0.0.1:${emulatorPort}` }
  : {};
run(bin('vite'), ['build', '--logLevel', 'warn'], browserEnv);
run(bin('vite'), ['build', '--ssr', 'server/main.ts', '--outDir', 'dist-server', '--logLevel', 'warn']);

const serverEnv = {};
if (useEmulator) {
  const emulator = await startAuthEmulator({ port: Number(emulatorPort), dataDir });
  children.push(emulator.child);
  emulator.child.on('exit', (code) => {
    if (!stopping) stop(code ?? 1);
  });
  Object.assign(serverEnv, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: PROJECT_ID });
}

start(process.execPath, ['dist-server/main.js'], { ...serverEnv, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' });
await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);

const adminEmail = env.ADMIN_EMAIL ?? 'admin@makeup.test';
const adminPassword = env.ADMIN_PASSWORD ?? 'admin123';
console.log(`
  Rouge makeup shop: http://localhost:${port}
  Database:  ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}/pglite`}
  Sign-in:   ${useEmulator ? `Firebase Auth emulator on 127.0.0.1:${emulatorPort} (accounts kept in ${dataDir}/firebase)` : 'Firebase project'}
  Payments:  ${env.PAYPAL_CLIENT_ID ? 'PayPal' : 'test payments (no money moves)'}
  Admin:     ${adminEmail} / ${adminPassword}${useEmulator ? '\n  Shopper:   ana@makeup.test / makeup123' : ''}
  Stop with Ctrl-C.
`);
