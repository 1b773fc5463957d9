import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { PROJECT_ID, startAuthEmulator } from '~/scripts/authEmulator.mjs';
import { freePort } from './freePort';

/**
 * Two shops' emulators of one project (as two `npm start` of one checkout run
 * them), each keeping its accounts in its own data folder: stopping either
 * exports its own accounts, never the other's.
 */
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.stop()));
});

async function signUp(host: string, email: string) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
  });
  expect(response.status).toBe(200);
}

async function emails(host: string): Promise<string[]> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({}),
  });
  const { userInfo = [] } = (await response.json()) as { userInfo?: { email: string }[] };
  return userInfo.map((user) => user.email).sort();
}

async function start(dataDir: string) {
  const emulator = await startAuthEmulator({ port: await freePort(), dataDir });
  running.push(emulator);
  return emulator;
}

it('stopping one of two emulators of the same project keeps each data folder to its own accounts', async () => {
  const [folderA, folderB] = [await mkdtemp(join(tmpdir(), 'shop-a-')), await mkdtemp(join(tmpdir(), 'shop-b-'))];
  const a = await start(folderA);
  const b = await start(folderB);
  await signUp(a.host, 'only.a@makeup.test');
  await signUp(b.host, 'only.b@makeup.test');
  // The second started stops first, then the first.
  await b.stop();
  await a.stop();
  running.length = 0;

  const [againA, againB] = await Promise.all([start(folderA), start(folderB)]);
  expect(await emails(againA.host)).toEqual(['only.a@makeup.test']);
  expect(await emails(againB.host)).toEqual(['only.b@makeup.test']);
}, 300_000);

it('an emulator that cannot take its port fails to start, though another emulator answers there', async () => {
  const port = await freePort();
  running.push(await startAuthEmulator({ port, dataDir: await mkdtemp(join(tmpdir(), 'shop-first-')) }));
  await expect(startAuthEmulator({ port, dataDir: await mkdtemp(join(tmpdir(), 'shop-second-')) })).rejects.toThrow(
    /before it was ready: .*port taken/,
  );
}, 120_000);
