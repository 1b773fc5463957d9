import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '~/scripts/authEmulator.mjs';
import { workerProject } from './authEmulator';
import { freePort } from './freePort';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One Auth emulator per test worker, of project workerProject(worker), at index worker - 1. */
    authEmulatorHosts: string[];
    postgresUrl: string;
  }
}

/**
 * The server as `npm start` builds it (production mode, with the storefront's
 * renderer), in a folder of its own so a test run and a running shop never
 * rebuild each other's.
 */
export const BUILT_SERVER = 'node_modules/.cache/test-server/main.js';

/** The built server, a Firebase Auth emulator per test worker and one PostgreSQL for the server tests, on loopback ports of their own. */
export default async function setup(project: TestProject) {
  // The built server, for the tests that run it as separate processes.
  const build = spawnSync(
    'node_modules/.bin/vite',
    ['build', '--ssr', 'server/main.ts', '--outDir', dirname(BUILT_SERVER), '--emptyOutDir', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (build.status !== 0) throw new Error('The server did not build.');
  // As vitest counts its workers: the project's own number, else the run's.
  const workers = Array.from({ length: project.config.maxWorkers || project.globalConfig.maxWorkers || 1 }, (_, i) => i + 1);
  const emulatorPorts: number[] = [];
  for (const _worker of workers) emulatorPorts.push(await freePort());
  const postgres = startPostgres(await freePort());
  const starts = await Promise.allSettled(
    workers.map((worker, i) => startAuthEmulator({ port: emulatorPorts[i]!, projectId: workerProject(worker) })),
  );
  const emulators = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const stop = async () => {
    await Promise.all(emulators.map((emulator) => emulator.stop()));
    postgres.stop();
  };
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide(
    'authEmulatorHosts',
    emulators.map((emulator) => emulator.host),
  );
  project.provide('postgresUrl', postgres.url);
  return stop;
}
