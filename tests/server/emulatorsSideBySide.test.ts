import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startAuthEmulator } from '~/scripts/authEmulator.mjs';
import { freePort } from './freePort';

/**
 * An emulator's port is its own: a second one asked for it fails to start.
 * That two shops' emulators of one project keep each data folder to its own
 * accounts, whichever stops first, npmStartSideBySide.test.ts proves on
 * `npm start` itself.
 */
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.stop()));
});

it('an emulator that cannot take its port fails to start, though another emulator answers there', async () => {
  const port = await freePort();
  running.push(await startAuthEmulator({ port, dataDir: await mkdtemp(join(tmpdir(), 'shop-first-')) }));
  await expect(startAuthEmulator({ port, dataDir: await mkdtemp(join(tmpdir(), 'shop-second-')) })).rejects.toThrow(
    /before it was ready: .*port taken/,
  );
}, 120_000);
