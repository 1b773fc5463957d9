// The shop that `npm start` built, run again taking PayPal payments: its
// REST calls go to a local stand-in of PayPal's sandbox API, and it signs in
// through the Auth emulator of the `server` project's shop, which Playwright
// starts (and builds) before this one.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runnerImport } from 'vite';
import { PROJECT_ID } from '../../scripts/authEmulator.mjs';

const [port, standInPort, emulatorPort] = ['PORT', 'PAYPAL_STAND_IN_PORT', 'AUTH_EMULATOR_PORT'].map((name) => {
  const value = Number(process.env[name]);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a port number`);
  return value;
});

/** @type {{ module: typeof import('../contract/paypalStandIn.ts') }} */
const { module: standInModule } = await runnerImport(resolve('tests/contract/paypalStandIn.ts'), { configFile: false, logLevel: 'silent' });
const standIn = await standInModule.startPaypalStandIn({ port: standInPort });

const server = spawn(process.execPath, ['dist-server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'paypal-shop-')),
    LOG_LEVEL: 'warn',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${emulatorPort}`,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    PAYPAL_CLIENT_ID: standIn.clientId,
    PAYPAL_CLIENT_SECRET: standIn.clientSecret,
    PAYPAL_API_URL: standIn.baseUrl,
  },
});

const stop = () => {
  server.kill('SIGINT');
  void standIn.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  void standIn.close();
  process.exit(code ?? 1);
});
