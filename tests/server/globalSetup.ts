import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../scripts/authEmulator.mjs';
import { freePort } from './freePort';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    postgresUrl: string;
  }
}

/**
 * The server as `npm start` builds it (production mode, with the storefront's
 * renderer), in a folder of its own so a test run and a running shop never
 * rebuild each other's.
 */
export const BUILT_SERVER = 'node_modules/.cache/test-server/main.js';

/** The built server, one Firebase Auth emulator and one PostgreSQL for the server tests, on loopback ports of their own. */
export default async function setup(project: TestProject) {
  // The built server, for the tests that run it as separate processes.
  const build = spawnSync('node_modules/.bin/vite', ['build', '--ssr', 'server/main.ts', '--outDir', dirname(BUILT_SERVER), '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The server did not build.');
  const [emulatorPort, postgresPort] = [await freePort(), await freePort()];
  const [emulator, postgres] = await Promise.all([startAuthEmulator({ port: emulatorPort }), Promise.resolve(startPostgres(postgresPort))]);
  project.provide('authEmulatorHost', emulator.host);
  project.provide('postgresUrl', postgres.url);
  return async () => {
    await emulator.stop();
    postgres.stop();
  };
}
