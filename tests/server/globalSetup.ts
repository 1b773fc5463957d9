import { spawnSync } from 'node:child_process';
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

/** The built server, one Firebase Auth emulator and one PostgreSQL for the server tests, on loopback ports of their own. */
export default async function setup(project: TestProject) {
  // The built server, for the tests that run it as separate processes.
  const build = spawnSync('node_modules/.bin/vite', ['build', '--ssr', 'server/main.ts', '--outDir', 'dist-server', '--logLevel', 'warn'], { stdio: 'inherit' });
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
