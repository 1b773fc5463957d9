// `npm start`: builds the shop (once per version, see shopBuild.mjs) and runs
// it on the real server. With nothing about Firebase configured it starts a
// Firebase Auth emulator of this data folder's own (its accounts kept under
// DATA_DIR); the server's own configuration check (server/config.ts) decides,
// before anything is built, whether the environment may run at all. It says
// what it does in a line a step; a refusal is one paragraph saying what to do.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { runnerImport } from 'vite';
import { rootAlias } from './rootAlias.mjs';
import { DEFAULT_EMULATOR_PORT, PROJECT_ID, reserveEmulatorPort, reserveFreeEmulatorPort, startAuthEmulator } from './authEmulator.mjs';
import { BUILDS_DIR, BuildError, buildEnv, ensureShopBuild, localBuildEnv, pruneBuilds } from './shopBuild.mjs';
import { runsScript, takeLock } from './processLock.mjs';
import { waitUntilOk } from './shopServer.mjs';

const startedAt = Date.now();
const say = (line) => console.log(line);
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
/** Stops the start with one paragraph saying what to do. */
function refuse(paragraph) {
  console.error(paragraph);
  process.exit(1);
}

// Read before runnerImport, which sets NODE_ENV=development in this process.
const nodeEnv = process.env.NODE_ENV ?? 'production';
const { module: configModule } = await runnerImport(resolve('server/config.ts'), {
  configFile: false,
  logLevel: 'silent',
  resolve: { alias: [rootAlias] },
});
/** @type {typeof import('../server/config.ts')} */
const { readConfig, wantsLocalEmulator } = configModule;

const env = {
  ...process.env,
  NODE_ENV: nodeEnv,
  DATA_DIR: resolve(process.env.DATA_DIR ?? 'data'),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const localEmulator = wantsLocalEmulator(env);
const askedPort = process.env.AUTH_EMULATOR_PORT;
if (localEmulator)
  Object.assign(env, { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${askedPort ?? DEFAULT_EMULATOR_PORT}`, FIREBASE_PROJECT_ID: PROJECT_ID });

let config;
try {
  config = readConfig(env);
} catch (error) {
  if (error.name !== 'ConfigError') throw error;
  refuse(error.message);
}

holdDataFolder(config.dataDir);
let emulatorPort;
if (localEmulator) {
  // Reserved for this shop until it exits: another start at the same moment picks other ports.
  if (askedPort === undefined) emulatorPort = await reserveFreeEmulatorPort();
  else {
    emulatorPort = Number(askedPort);
    if (!Number.isInteger(emulatorPort) || emulatorPort < 1 || emulatorPort > 65533) {
      refuse(
        `AUTH_EMULATOR_PORT must be a port number (1-65533), not "${askedPort}": it is where this shop's Firebase Auth emulator listens (its hub and logging take the next two ports). Unset it to have free ports picked.`,
      );
    }
    if (!(await reserveEmulatorPort(emulatorPort))) {
      refuse(
        `AUTH_EMULATOR_PORT=${emulatorPort} is taken: this shop's Firebase Auth emulator needs ports ${emulatorPort} to ${emulatorPort + 2} free on 127.0.0.1, and another program (perhaps another shop's emulator) listens on one of them. Stop it, choose another AUTH_EMULATOR_PORT, or unset it to have free ports picked.`,
      );
    }
  }
  env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${emulatorPort}`;
}

/** Makes the folder and its missing parents one by one: a recursive mkdirSync under /proc never returns. */
function makeFolder(dir) {
  if (existsSync(dir)) return;
  makeFolder(dirname(dir));
  mkdirSync(dir);
}

/** One shop per data folder: two servers on one PGlite folder, or two emulators exporting into one, would wreck it. */
function holdDataFolder(dataDir) {
  let holder;
  try {
    makeFolder(dataDir);
    ({ holder } = takeLock(join(dataDir, 'shop.pid'), (pid) => runsScript(pid, 'scripts/start.mjs')));
  } catch (error) {
    refuse(
      `The data folder ${dataDir} cannot be used (${error.code ?? error.message}): the shop keeps its database, uploads and sign-in accounts there, so it must be a folder this user can create and write. Set DATA_DIR to such a folder (or unset it for ./data).`,
    );
  }
  if (holder !== undefined) {
    refuse(
      `Another shop (process ${holder}) is running on the data folder ${dataDir}: two shops on one folder would both write its database and its sign-in accounts. Stop that shop first (Ctrl-C where it runs), or start this one with another DATA_DIR (and PORT) to run both side by side.`,
    );
  }
}

const stoppers = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // The emulator exports its accounts as it stops, which may take a while on a busy machine.
  setTimeout(() => process.exit(code), 30_000).unref();
  Promise.all(stoppers.map((stopPart) => stopPart())).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/** A part that ends by itself ends the shop: the other is stopped. */
function ended(part, code) {
  if (stopping) return;
  if (code !== 0)
    console.error(`The shop stopped: its ${part} ended (${code}). What it printed above says why; fix that and run \`npm start\` again.`);
  stop(code === 0 ? 0 : 1);
}

/** In the local set-up, settles once this shop's own emulator is ready. */
let signInReady = null;
if (localEmulator) {
  say(`Starting sign-in (the Firebase Auth emulator of ${config.dataDir}, on 127.0.0.1:${emulatorPort})...`);
  // It starts while the shop builds, and the server meanwhile: the server waits for this start's word before it makes the demo accounts.
  const emulator = startAuthEmulator({ port: emulatorPort, dataDir: config.dataDir });
  stoppers.push(() =>
    emulator.then(
      (running) => running.stop(),
      () => {},
    ),
  );
  signInReady = emulator.then(
    (running) => {
      running.child.once('exit', (code, signal) => ended('sign-in emulator', code ?? signal));
    },
    (error) => {
      if (!stopping) {
        console.error(
          `The sign-in emulator did not start on 127.0.0.1:${emulatorPort} (${error.message}). Another program may have taken one of ports ${emulatorPort} to ${emulatorPort + 2} meanwhile: run \`npm start\` again, or set AUTH_EMULATOR_PORT to a free port.`,
        );
        stop(1);
      }
      // Never ready: the server is not told.
      return new Promise(() => {});
    },
  );
}
const buildStarted = Date.now();
let build;
try {
  build = await ensureShopBuild({
    env: config.firebase.mode === 'emulator' ? localBuildEnv(env) : buildEnv(env),
    onBuild: () => say('Building the shop (its sources or build settings changed since the last build; about a minute)...'),
  });
} catch (error) {
  if (error instanceof BuildError) {
    const log = join(config.dataDir, 'build-error.log');
    writeFileSync(log, error.output);
    console.error(error.problems.join('\n'));
    console.error(
      `The shop did not build: the bundler names the problems above (its whole output is in ${log}). Fix them in the sources and run \`npm start\` again; \`npx tsc --noEmit -p tsconfig.json\` may say more.`,
    );
  } else {
    console.error(
      `The shop could not write its build under ${BUILDS_DIR}/ (${error.message}): make the checkout writable, or free some disk space, and run \`npm start\` again.`,
    );
  }
  stop(1);
  await new Promise(() => {});
}
pruneBuilds();
say(build.built ? `Built in ${seconds(buildStarted)} (${build.dir}).` : `Using the build of this version (${build.dir}).`);

// The server prints its progress, then the start banner (address, database, sign-in, payments, the demo accounts) once it listens.
// Given a channel to this process, the server waits for its word that this shop's emulator is ready (server/main.ts).
const server = spawn(process.execPath, [build.serverEntry], {
  stdio: signInReady ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: { ...env, STATIC_DIR: build.staticDir },
});
signInReady?.then(() => {
  if (server.connected) server.send({ signIn: 'ready' });
});
const serverExited = new Promise((done) => server.once('exit', done));
server.once('exit', (code, signal) => ended('server', code ?? signal));
stoppers.push(() => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
  return serverExited;
});

/** Where this machine reaches the server's HOST. */
const reachable = (host) =>
  host === '0.0.0.0' || host === '::' || host === 'localhost' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
try {
  await waitUntilOk(`http://${reachable(config.host)}:${config.port}/api/health`, 180_000, server);
  if (!stopping) say(`Ready in ${seconds(startedAt)}.`);
} catch {
  // The server ended (ended() said so), or never answered, which its own output explains.
}
