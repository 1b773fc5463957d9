import { inject } from 'vitest';

/** The Auth emulator project of a test worker (1 to maxWorkers). */
export const workerProject = (worker: number) => `demo-shop-${worker}`;

/**
 * This test file's Auth emulator and its project. The server test files run
 * side by side, one per worker, and some change the seeded accounts (a user
 * deleted has its sign-in account disabled): each worker has an emulator of
 * its own (globalSetup), which the files it runs one after another share.
 */
export function authEmulator(): { host: string; projectId: string } {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const host = inject('authEmulatorHosts')[worker - 1];
  // Never another worker's: two files at once on one emulator is what this prevents.
  if (!host) throw new Error(`No Auth emulator was started for test worker ${worker}.`);
  return { host, projectId: workerProject(worker) };
}
