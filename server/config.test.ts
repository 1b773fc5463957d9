import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';
import { EMULATOR, FIREBASE_PROJECT, PAYPAL, PRODUCTION, SERVICE_ACCOUNT, problemsOf, without } from '~/tests/fixtures/configEnv';

describe('the local set-up (Auth emulator)', () => {
  it('takes a loopback PUBLIC_ORIGIN over http', () => {
    expect(readConfig({ ...EMULATOR, PUBLIC_ORIGIN: 'http://localhost:3000' }).publicOrigin).toBe('http://localhost:3000');
  });

  it('runs with the demo Admin, test payments and the local defaults', () => {
    expect(readConfig(EMULATOR)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      uploadsDir: resolve('data', 'uploads'),
      staticDir: resolve('dist'),
      databaseUrl: undefined,
      logLevel: 'info',
      seedProducts: 150,
      refundRetrySeconds: 60,
      trustProxy: false,
      publicOrigin: undefined,
      firebase: { mode: 'emulator', projectId: 'demo-shop', emulatorHost: '127.0.0.1:9099' },
      admin: { mode: 'create', email: 'admin@makeup.test', password: 'admin123' },
      payments: { provider: 'test', chosenBy: 'emulator' },
    });
  });

  it.each(['127.0.0.1', '127.0.1.1', '::1', 'localhost'])('listens on the loopback address %s', (host) => {
    expect(readConfig({ ...EMULATOR, HOST: host }).host).toBe(host);
  });

  it('takes the Admin, the database, the folders, the port, the log level and the catalogue size and refund retry interval it is given', () => {
    const config = readConfig({
      ...EMULATOR,
      FIREBASE_PROJECT_ID: 'demo-other',
      ADMIN_EMAIL: 'boss@makeup.test',
      ADMIN_PASSWORD: 'secret99',
      DATABASE_URL: 'postgresql://shop@127.0.0.1/shop',
      DATA_DIR: '/tmp/shop-data',
      STATIC_DIR: '/tmp/shop-static',
      PORT: '4320',
      LOG_LEVEL: 'warn',
      SEED_PRODUCTS: '100000',
      REFUND_RETRY_SECONDS: '300',
    });
    expect(config).toMatchObject({
      port: 4320,
      seedProducts: 100000,
      refundRetrySeconds: 300,
      dataDir: '/tmp/shop-data',
      uploadsDir: '/tmp/shop-data/uploads',
      staticDir: '/tmp/shop-static',
      databaseUrl: 'postgresql://shop@127.0.0.1/shop',
      logLevel: 'warn',
      firebase: { mode: 'emulator', projectId: 'demo-other' },
      admin: { mode: 'create', email: 'boss@makeup.test', password: 'secret99' },
    });
  });

  it('takes PayPal sandbox payments when both PayPal variables are set, and test payments with PAYMENTS=test', () => {
    expect(readConfig({ ...EMULATOR, ...PAYPAL }).payments).toEqual({
      provider: 'paypal',
      clientId: 'paypal-id',
      clientSecret: 'paypal-secret',
      environment: 'sandbox',
    });
    expect(readConfig({ ...EMULATOR, PAYMENTS: 'test' }).payments).toEqual({ provider: 'test', chosenBy: 'PAYMENTS=test' });
  });

  it('counts a blank variable as unset, except a Firebase one', () => {
    expect(readConfig({ ...EMULATOR, PAYPAL_CLIENT_ID: '', ADMIN_PASSWORD: ' ' })).toMatchObject({
      admin: { password: 'admin123' },
      payments: { provider: 'test' },
    });
  });

  it('refuses the emulator with no project id', () => {
    expect(problemsOf(without(EMULATOR, 'FIREBASE_PROJECT_ID'))).toEqual([
      'FIREBASE_AUTH_EMULATOR_HOST is set but FIREBASE_PROJECT_ID is not: the Auth emulator runs only with a demo- project; set FIREBASE_PROJECT_ID=demo-shop.',
    ]);
  });

  it.each(['127.0.0.1:9099', '127.8.0.1:80', '[::1]:9099', 'localhost:9099'])(
    'talks to the Auth emulator at the loopback address %s',
    (emulatorHost) => {
      expect(readConfig({ ...EMULATOR, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost }).firebase).toEqual({
        mode: 'emulator',
        projectId: 'demo-shop',
        emulatorHost,
      });
    },
  );

  it.each([
    '203.0.113.5:9099',
    '127.0.0.1',
    '127.0.0.1:',
    '127.0.0.1:70000',
    '127.256.0.1:9099',
    '::1:9099',
    '[::2]:9099',
    'localhost.evil.example:9099',
    'http://127.0.0.1:9099',
    ' 127.0.0.1:9099',
  ])('refuses the Auth emulator at %j, which is not a loopback address and port', (emulatorHost) => {
    expect(problemsOf({ ...EMULATOR, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost })).toEqual([
      `FIREBASE_AUTH_EMULATOR_HOST must be a loopback address and a port (127.0.0.1:9099, [::1]:9099 or localhost:9099), not "${emulatorHost}": the Auth emulator accepts unsigned tokens, so the shop uses one only on this machine.`,
    ]);
  });

  it('refuses TRUST_PROXY, since a proxy would put the unsigned-token sign-in on the network', () => {
    expect(problemsOf({ ...EMULATOR, TRUST_PROXY: '127.0.0.1' })).toEqual([
      `TRUST_PROXY is set, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only for this machine, never behind a proxy that would put it on the network. Unset TRUST_PROXY, or configure a real Firebase project: set all of FIREBASE_PROJECT_ID, FIREBASE_SERVICE_ACCOUNT, VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_AUTH_DOMAIN.`,
    ]);
  });

  it.each([
    [
      'HOST=0.0.0.0',
      { HOST: '0.0.0.0' },
      'HOST is 0.0.0.0, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only on a loopback address (127.0.0.1, ::1, localhost). Keep HOST on loopback, or configure a real Firebase project: set all of FIREBASE_PROJECT_ID, FIREBASE_SERVICE_ACCOUNT, VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_AUTH_DOMAIN.',
    ],
    ['a public HOST', { HOST: '192.168.1.20' }, 'HOST is 192.168.1.20, but the Firebase Auth emulator accepts unsigned tokens'],
    [
      'a HOST that is no IPv4 address',
      { HOST: '127.999.0.1' },
      'HOST is 127.999.0.1, but the Firebase Auth emulator accepts unsigned tokens',
    ],
    [
      'a real project id',
      { FIREBASE_PROJECT_ID: 'rouge-shop' },
      'FIREBASE_AUTH_EMULATOR_HOST is set with FIREBASE_PROJECT_ID=rouge-shop: the Auth emulator accepts unsigned tokens, so it runs only with a project id starting with "demo-".',
    ],
    [
      'a service account',
      { FIREBASE_SERVICE_ACCOUNT: SERVICE_ACCOUNT },
      'FIREBASE_SERVICE_ACCOUNT is set together with FIREBASE_AUTH_EMULATOR_HOST',
    ],
    [
      'another project in the storefront',
      { VITE_FIREBASE_PROJECT_ID: 'demo-other' },
      'VITE_FIREBASE_PROJECT_ID (demo-other) differs from FIREBASE_PROJECT_ID (demo-shop)',
    ],
    ['ADMIN_UID', { ADMIN_UID: 'abc' }, 'ADMIN_UID names an account of a real Firebase project'],
    ['a short ADMIN_PASSWORD', { ADMIN_PASSWORD: '12345' }, "ADMIN_PASSWORD must be at least 6 characters (Firebase's minimum)."],
  ])('refuses the emulator with %s', (_, change, message) => {
    expect(problemsOf({ ...EMULATOR, ...change })).toEqual([expect.stringContaining(message)]);
  });
});

describe('a real Firebase project', () => {
  it('names the shop by PUBLIC_ORIGIN, and refuses to start without it or with anything but an origin', () => {
    expect(readConfig(PRODUCTION).publicOrigin).toBe('https://rouge.shop');
    expect(readConfig({ ...PRODUCTION, PUBLIC_ORIGIN: 'https://rouge.shop/' }).publicOrigin).toBe('https://rouge.shop');
    expect(problemsOf(without(PRODUCTION, 'PUBLIC_ORIGIN'))).toEqual([
      expect.stringContaining('With a real Firebase project, set PUBLIC_ORIGIN'),
    ]);
    for (const origin of [
      'http://rouge.shop',
      'https://rouge.shop/shop',
      'https://rouge.shop?x=1',
      'https://me:pw@rouge.shop',
      'rouge.shop',
      'javascript:alert(1)',
    ]) {
      expect(problemsOf({ ...PRODUCTION, PUBLIC_ORIGIN: origin })).toEqual([
        expect.stringContaining(`PUBLIC_ORIGIN must be the shop's origin`),
      ]);
    }
  });

  it('promotes the Admin named by email, takes PayPal and may listen on every interface', () => {
    const config = readConfig({ ...PRODUCTION, PAYPAL_ENV: 'live' });
    expect(config.firebase).toEqual({
      mode: 'project',
      projectId: 'rouge-shop',
      serviceAccountJson: SERVICE_ACCOUNT,
      authDomain: 'rouge-shop.firebaseapp.com',
    });
    expect(config.admin).toEqual({ mode: 'promote', email: 'owner@rouge.shop' });
    expect(config.payments).toEqual({ provider: 'paypal', clientId: 'paypal-id', clientSecret: 'paypal-secret', environment: 'live' });
    expect(config.host).toBe('0.0.0.0');
  });

  it('promotes the Admin named by uid, and takes test payments only when PAYMENTS=test says so', () => {
    const config = readConfig({
      ...without(PRODUCTION, 'ADMIN_EMAIL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'),
      ADMIN_UID: 'uid-1',
      PAYMENTS: 'test',
    });
    expect(config.admin).toEqual({ mode: 'promote', uid: 'uid-1' });
    expect(config.payments).toEqual({ provider: 'test', chosenBy: 'PAYMENTS=test' });
    expect(readConfig({ ...PRODUCTION, PAYMENTS: 'paypal' }).payments).toMatchObject({ provider: 'paypal', environment: 'sandbox' });
  });

  it.each(Object.keys(FIREBASE_PROJECT))('refuses a half-configured project without %s, naming it', (missing) => {
    expect(problemsOf(without(PRODUCTION, missing))).toEqual([
      expect.stringContaining(`but ${missing} is missing. A real project needs all of`),
    ]);
  });

  it.each(Object.keys(FIREBASE_PROJECT))('refuses %s alone instead of falling back to the emulator', (name) => {
    const others = Object.keys(FIREBASE_PROJECT).filter((other) => other !== name);
    const env = { ...PAYPAL, ADMIN_EMAIL: 'owner@rouge.shop', [name]: FIREBASE_PROJECT[name]! };
    expect(problemsOf(env)).toContain(
      `Firebase is half configured: ${name} is set but ${others.join(', ')} are missing. A real project needs all of FIREBASE_PROJECT_ID, FIREBASE_SERVICE_ACCOUNT, VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_AUTH_DOMAIN; to use the local Auth emulator instead, unset all of them.`,
    );
  });

  it('refuses to start with no Firebase at all, whatever the host, saying what to set', () => {
    expect(problemsOf({ HOST: '0.0.0.0', ...PAYPAL, ADMIN_EMAIL: 'owner@rouge.shop' })).toEqual([
      'No Firebase project is configured and FIREBASE_AUTH_EMULATOR_HOST is not set, so nobody could sign in. For a real project set all of FIREBASE_PROJECT_ID, FIREBASE_SERVICE_ACCOUNT, VITE_FIREBASE_API_KEY, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_AUTH_DOMAIN. For local use run `npm start` with none of them (it starts the Auth emulator), or set FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID=demo-shop with a loopback HOST.',
    ]);
  });

  it.each([
    [
      'a demo project id',
      {
        FIREBASE_PROJECT_ID: 'demo-shop',
        VITE_FIREBASE_PROJECT_ID: 'demo-shop',
        FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'demo-shop' }),
      },
      'FIREBASE_PROJECT_ID=demo-shop is a demo project, which only the Auth emulator serves',
    ],
    [
      'another project in the storefront',
      { VITE_FIREBASE_PROJECT_ID: 'other-shop' },
      'VITE_FIREBASE_PROJECT_ID (other-shop) differs from FIREBASE_PROJECT_ID (rouge-shop)',
    ],
    [
      'the storefront on an emulator',
      { VITE_FIREBASE_AUTH_EMULATOR: 'http://127.0.0.1:9099' },
      'VITE_FIREBASE_AUTH_EMULATOR points the storefront at an Auth emulator while the server uses a real Firebase project: unset it.',
    ],
    ['a service account that is not JSON', { FIREBASE_SERVICE_ACCOUNT: 'rouge-shop-key.json' }, 'FIREBASE_SERVICE_ACCOUNT is not JSON'],
    [
      "another project's service account",
      { FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'other-shop' }) },
      'FIREBASE_SERVICE_ACCOUNT belongs to project other-shop, not FIREBASE_PROJECT_ID (rouge-shop).',
    ],
    [
      'ADMIN_PASSWORD',
      { ADMIN_PASSWORD: 'admin123' },
      'ADMIN_PASSWORD is set, but with a real Firebase project the server creates no accounts and no passwords',
    ],
    [
      'both ADMIN_EMAIL and ADMIN_UID',
      { ADMIN_UID: 'uid-1' },
      'ADMIN_EMAIL and ADMIN_UID are both set: name the first Admin by one of them.',
    ],
    ['an ADMIN_EMAIL that is no email', { ADMIN_EMAIL: 'owner' }, 'ADMIN_EMAIL must be an email address, not "owner".'],
  ])('refuses %s', (_, change, message) => {
    expect(problemsOf({ ...PRODUCTION, ...change })).toEqual([expect.stringContaining(message)]);
  });

  // firebase-admin switches to the emulator, which accepts unsigned tokens, on any non-empty FIREBASE_AUTH_EMULATOR_HOST, spaces included.
  it.each([...Object.keys(FIREBASE_PROJECT), 'FIREBASE_AUTH_EMULATOR_HOST', 'VITE_FIREBASE_AUTH_EMULATOR'])(
    'refuses %s set but blank, rather than read it as unset',
    (name) => {
      for (const blank of ['', ' ']) {
        expect(problemsOf({ ...PRODUCTION, [name]: blank })).toContain(`${name} is set but blank: unset it, or give it a value.`);
        expect(problemsOf({ ...EMULATOR, [name]: blank })).toContain(`${name} is set but blank: unset it, or give it a value.`);
      }
    },
  );

  it('refuses to start without a first Admin named', () => {
    expect(problemsOf(without(PRODUCTION, 'ADMIN_EMAIL'))).toEqual([
      'With a real Firebase project, name the first Admin: set ADMIN_EMAIL to the verified email of an existing account (sign up in the shop first), or ADMIN_UID to its uid.',
    ]);
  });

  it('refuses to start without a choice of payments, rather than take fake ones', () => {
    expect(problemsOf(without(PRODUCTION, 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'))).toEqual([
      'With a real Firebase project, choose how the shop takes payments: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (with PAYPAL_ENV=live for real money), or PAYMENTS=test for test payments, where no money moves.',
    ]);
  });
});
