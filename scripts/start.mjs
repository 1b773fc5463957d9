// `npm start`: builds the shop and runs it on the real server. With nothing
// about Firebase configured it starts the Firebase Auth emulator (accounts
// kept under DATA_DIR); the server's own configuration check (server/config.ts)
// decides, before anything is built, whether the environment may run at all.
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { PROJECT_ID, startAuthEmulator } from './authEmulator.mjs';

// Read before runnerImport, which sets NODE_ENV=development in this process.
const nodeEnv = process.env.NODE_ENV ?? 'production';
const { module: configModule } = await runnerImport(resolve('server/config.ts'), { configFile: false, logLevel: 'silent' });
/** @type {typeof import('../server/config.ts')} */
const { readConfig, wantsLocalEmulator } = configModule;

const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
const env = { ...process.env, NODE_ENV: nodeEnv, DATA_DIR: resolve(process.env.DATA_DIR ?? 'data'), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
const localEmulator = wantsLocalEmulator(env);
if (localEmulator) Object.assign(env, { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`, FIREBASE_PROJECT_ID: PROJECT_ID });

let config;
try {
  config = readConfig(env);
} catch (error) {
  console.error(error.name === 'ConfigError' ? error.message : error);
  process.exit(1);
}

const bin = (name) => resolve('node_modules/.bin', name);
const children = [];

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function watch(child) {
  children.push(child);
  child.on('exit', (code) => {
    if (!stopping) stop(code ?? 1);
  });
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

const { firebase } = config;
const browserEnv =
  firebase.mode === 'emulator'
    ? { VITE_FIREBASE_API_KEY: 'demo-key', VITE_FIREBASE_PROJECT_ID: firebase.projectId, VITE_FIREBASE_AUTH_EMULATOR: `http://${firebase.emulatorHost}` }
    : {};
run(bin('vite'), ['build', '--logLevel', 'warn'], browserEnv);
run(bin('vite'), ['build', '--ssr', 'server/main.ts', '--outDir', 'dist-server', '--logLevel', 'warn']);

if (localEmulator) watch((await startAuthEmulator({ port: emulatorPort, dataDir: config.dataDir })).child);
// The server prints the start banner (address, database, sign-in, payments, the demo accounts) once it listens.
watch(spawn(process.execPath, ['dist-server/main.js'], { stdio: 'inherit', env }));
