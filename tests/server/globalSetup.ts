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

/** One Firebase Auth emulator and one PostgreSQL for the server tests, on loopback ports of their own. */
export default async function setup(project: TestProject) {
  const [emulatorPort, postgresPort] = [await freePort(), await freePort()];
  const [emulator, postgres] = await Promise.all([startAuthEmulator({ port: emulatorPort }), Promise.resolve(startPostgres(postgresPort))]);
  project.provide('authEmulatorHost', emulator.host);
  project.provide('postgresUrl', postgres.url);
  return async () => {
    await emulator.stop();
    postgres.stop();
  };
}
