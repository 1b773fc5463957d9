import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startAuthEmulator } from '~/scripts/authEmulator.mjs';
import { freePort } from './freePort';
import { BUILT_SERVER } from './globalSetup';

/** A project of its own: the other server tests run emulators of their own projects at the same time. */
const PROJECT_ID = 'demo-restart';
const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const part of running.splice(0).reverse()) await part.stop();
});

async function startShop(dataDir: string, emulatorHost: string, port: number) {
  const child: ChildProcess = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: PROJECT_ID,
      LOG_LEVEL: 'error',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function emulatorCall(host: string, path: string, body: object) {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  return (await response.json()) as { idToken?: string; localId?: string };
}

it('a restart keeps every change: the database and the sign-in accounts', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'restart-'));
  const [authPort, shopPort] = [await freePort(), await freePort()];
  const account = { email: 'kept@makeup.test', password: 'kept1234' };

  const emulator = await startAuthEmulator({ port: authPort, dataDir, projectId: PROJECT_ID });
  const shop = await startShop(dataDir, emulator.host, shopPort);
  const { idToken, localId } = await emulatorCall(emulator.host, 'accounts:signUp', account);
  const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
  expect(
    (await fetch(`http://127.0.0.1:${shopPort}/api/users`, { method: 'POST', headers, body: JSON.stringify({ username: 'keptshopper1' }) }))
      .status,
  ).toBe(201);
  await fetch(`http://127.0.0.1:${shopPort}/api/favorites`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userId: localId, productId: 3 }),
  });
  await shop.stop();
  await emulator.stop();

  const again = await startAuthEmulator({ port: authPort, dataDir, projectId: PROJECT_ID });
  running.push(again, await startShop(dataDir, again.host, shopPort));
  const signedIn = await emulatorCall(again.host, 'accounts:signInWithPassword', account);
  expect(signedIn.localId).toBe(localId);
  const favorites = await fetch(`http://127.0.0.1:${shopPort}/api/favorites?userId=${localId}`, {
    headers: { authorization: `Bearer ${signedIn.idToken}` },
  });
  expect(await favorites.json()).toEqual([3]);
}, 120_000);
