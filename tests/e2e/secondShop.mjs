// Another shop on the build `npm start` made (or makes, when it is missing), with a database of its own, for
// specs that must not share one with the `server` project's: it signs in
// through that shop's Auth emulator, which Playwright starts (and builds)
// first. With PAYPAL_STAND_IN_PORT it takes PayPal payments, its REST calls
// going to a local stand-in of PayPal's sandbox API; without, test payments.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { PROJECT_ID } from '../../scripts/authEmulator.mjs';
import { rootAlias } from '../../scripts/rootAlias.mjs';
import { ensureShopBuild, localBuildEnv, useBuild } from '../../scripts/shopBuild.mjs';

const portOf = (name) => {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a port number`);
  return value;
};
const port = portOf('PORT');
const emulatorPort = portOf('AUTH_EMULATOR_PORT');

let standIn = null;
if (process.env.PAYPAL_STAND_IN_PORT) {
  /** @type {{ module: typeof import('../contract/paypalStandIn.ts') }} */
  const { module } = await runnerImport(resolve('tests/contract/paypalStandIn.ts'), {
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: [rootAlias] },
  });
  standIn = await module.startPaypalStandIn({ port: portOf('PAYPAL_STAND_IN_PORT') });
}

// Emptied here, where the last run's was left: as the server's folder (playwright.config.ts's E2E_DATA).
const dataDir = resolve('.e2e', `shop-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const build = await ensureShopBuild({ env: localBuildEnv() });
useBuild(build.dir);
const server = spawn(process.execPath, [build.serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    STATIC_DIR: build.staticDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    ...(standIn ? { PAYPAL_CLIENT_ID: standIn.clientId, PAYPAL_CLIENT_SECRET: standIn.clientSecret, PAYPAL_API_URL: standIn.baseUrl } : {}),
  },
});

const stop = () => {
  server.kill('SIGINT');
  void standIn?.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  void standIn?.close();
  process.exit(code ?? 1);
});
