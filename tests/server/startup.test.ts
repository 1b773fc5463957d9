import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './freePort';
import { BUILT_SERVER } from './globalSetup';
import { authEmulator } from './authEmulator';

const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'rouge-shop',
  client_email: 'a@rouge-shop.iam.gserviceaccount.com',
  private_key: 'k',
});
const FIREBASE_PROJECT = {
  FIREBASE_PROJECT_ID: 'rouge-shop',
  FIREBASE_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_FIREBASE_PROJECT_ID: 'rouge-shop',
  VITE_FIREBASE_AUTH_DOMAIN: 'rouge-shop.firebaseapp.com',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs node with only PATH from this process's environment plus the given variables; `exited` settles when it ends or is stopped after the time given. */
function runWith(args: string[], env: Record<string, string>, timeoutMs: number) {
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = { code: null, stdout: '', stderr: '', timedOut: false };
  child.stdout.on('data', (chunk: Buffer) => (run.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString()));
  const timer = setTimeout(() => {
    run.timedOut = true;
    child.kill('SIGTERM');
  }, timeoutMs);
  const exited = new Promise<Run>((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ ...run, code });
    }),
  );
  return { run, exited, stop: () => child.kill('SIGTERM') };
}

const startServer = (env: Record<string, string>) => runWith([BUILT_SERVER], env, 15_000).exited;

describe('the built server refuses to start with a configuration that would weaken a protection', () => {
  const emulator = () => ({ FIREBASE_AUTH_EMULATOR_HOST: authEmulator().host, FIREBASE_PROJECT_ID: authEmulator().projectId });

  it.each([
    [
      'HOST=0.0.0.0 without any Firebase project',
      () => ({ HOST: '0.0.0.0' }),
      'No Firebase project is configured and FIREBASE_AUTH_EMULATOR_HOST is not set, so nobody could sign in. For a real project set all of FIREBASE_PROJECT_ID, FIREBASE_SERVICE_ACCOUNT',
    ],
    [
      'HOST=0.0.0.0 with the Auth emulator',
      () => ({ ...emulator(), HOST: '0.0.0.0' }),
      'HOST is 0.0.0.0, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only on a loopback address',
    ],
    [
      'the Auth emulator with a real project id',
      () => ({ ...emulator(), FIREBASE_PROJECT_ID: 'rouge-shop' }),
      'it runs only with a project id starting with "demo-"',
    ],
    [
      'the Auth emulator beside a service account',
      () => ({ ...emulator(), FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: authEmulator().projectId }) }),
      'FIREBASE_SERVICE_ACCOUNT is set together with FIREBASE_AUTH_EMULATOR_HOST',
    ],
    [
      'a half-configured Firebase project',
      () => ({
        FIREBASE_PROJECT_ID: 'rouge-shop',
        VITE_FIREBASE_API_KEY: 'AIzaSyExample',
        PAYMENTS: 'test',
        ADMIN_EMAIL: 'owner@rouge.shop',
      }),
      'Firebase is half configured: FIREBASE_PROJECT_ID, VITE_FIREBASE_API_KEY are set but FIREBASE_SERVICE_ACCOUNT, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_AUTH_DOMAIN are missing.',
    ],
    [
      'PAYPAL_CLIENT_ID without its secret',
      () => ({ ...emulator(), PAYPAL_CLIENT_ID: 'paypal-id' }),
      'PAYPAL_CLIENT_ID is set but PAYPAL_CLIENT_SECRET is not: PayPal needs both.',
    ],
    [
      'a real project without a choice of payments',
      () => ({ ...FIREBASE_PROJECT, ADMIN_EMAIL: 'owner@rouge.shop' }),
      'With a real Firebase project, choose how the shop takes payments: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    ],
    // firebase-admin would take the blank variable as "use the emulator" and accept unsigned tokens for the real project.
    [
      'a real project beside a blank FIREBASE_AUTH_EMULATOR_HOST',
      () => ({ ...FIREBASE_PROJECT, PAYMENTS: 'test', ADMIN_EMAIL: 'owner@rouge.shop', FIREBASE_AUTH_EMULATOR_HOST: ' ' }),
      'FIREBASE_AUTH_EMULATOR_HOST is set but blank: unset it, or give it a value.',
    ],
    [
      'a TRUST_PROXY that Fastify refuses',
      () => ({ ...FIREBASE_PROJECT, PAYMENTS: 'test', ADMIN_EMAIL: 'owner@rouge.shop', TRUST_PROXY: '0.0.0.0/0' }),
      'TRUST_PROXY="0.0.0.0/0" is refused by Fastify\'s proxy check (invalid range on address: 0.0.0.0/0): give the proxies\' addresses or ranges',
    ],
    [
      'a real project given an Admin password',
      () => ({ ...FIREBASE_PROJECT, PAYMENTS: 'test', ADMIN_EMAIL: 'owner@rouge.shop', ADMIN_PASSWORD: 'admin123' }),
      'with a real Firebase project the server creates no accounts and no passwords',
    ],
  ])(
    '%s',
    async (_, env, message) => {
      const port = await freePort();
      const run = await startServer({ ...env(), PORT: String(port), DATA_DIR: await mkdtemp(join(tmpdir(), 'refused-')) });
      expect(run.timedOut).toBe(false);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('The shop will not start with this configuration:');
      expect(run.stderr).toContain(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    },
    20_000,
  );

  it('starts with the local emulator configuration and prints its banner once it listens', async () => {
    const port = await freePort();
    const server = runWith(
      [BUILT_SERVER],
      { ...emulator(), PORT: String(port), DATA_DIR: await mkdtemp(join(tmpdir(), 'accepted-')), LOG_LEVEL: 'error' },
      60_000,
    );
    await expect.poll(() => server.run.stdout, { timeout: 60_000, interval: 250 }).toContain('Stop with Ctrl-C');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    // The storefront of this set-up signs in through the emulator, so its page may call it.
    expect(health.headers.get('content-security-policy')).toMatch(new RegExp(`connect-src [^;]*http://${authEmulator().host}`));
    server.stop();
    const run = await server.exited;
    expect(run.timedOut).toBe(false);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Rouge makeup shop: http://localhost:${port}`);
    expect(run.stdout).toContain(`Sign-in:   Firebase Auth emulator at ${authEmulator().host} (project ${authEmulator().projectId}`);
    expect(run.stdout).toContain('Payments:  test payments, no money moves (local set-up)');
    expect(run.stdout).toContain('Admin:     admin@makeup.test / admin123');
    expect(run.stdout).toContain('Shopper:   ana@makeup.test / makeup123');
  }, 70_000);
});

it('npm start refuses HOST=0.0.0.0 without a Firebase project before building anything', async () => {
  const run = await runWith(['scripts/start.mjs'], { HOST: '0.0.0.0', DATA_DIR: await mkdtemp(join(tmpdir(), 'npm-start-')) }, 15_000)
    .exited;
  expect(run.timedOut).toBe(false);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    'HOST is 0.0.0.0, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only on a loopback address (127.0.0.1, ::1, localhost). Keep HOST on loopback, or configure a real Firebase project',
  );
  expect(run.stdout).toBe('');
}, 20_000);
