import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig, wantsLocalEmulator } from './config';

type Env = Record<string, string>;

/** What `npm start` gives the server when nothing about Firebase is configured. */
const EMULATOR: Env = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'demo-shop' };
const SERVICE_ACCOUNT = JSON.stringify({
  type: 'service_account',
  project_id: 'rouge-shop',
  client_email: 'a@rouge-shop.iam.gserviceaccount.com',
  private_key: 'k',
});
const FIREBASE_PROJECT: Env = {
  FIREBASE_PROJECT_ID: 'rouge-shop',
  FIREBASE_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_FIREBASE_PROJECT_ID: 'rouge-shop',
  VITE_FIREBASE_AUTH_DOMAIN: 'rouge-shop.firebaseapp.com',
};
const PAYPAL: Env = { PAYPAL_CLIENT_ID: 'paypal-id', PAYPAL_CLIENT_SECRET: 'paypal-secret' };
/** A complete real set-up. */
const PRODUCTION: Env = {
  ...FIREBASE_PROJECT,
  ...PAYPAL,
  ADMIN_EMAIL: 'owner@rouge.shop',
  HOST: '0.0.0.0',
  PUBLIC_ORIGIN: 'https://rouge.shop',
};

function without(env: Env, ...names: string[]): Env {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)));
}

/** The problems readConfig lists for the environment (it must refuse it). */
function problemsOf(env: Env): string[] {
  try {
    readConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^The shop will not start with this configuration:\n/);
    return (error as ConfigError).problems;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

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

describe('payments', () => {
  it.each([
    [
      'PAYPAL_CLIENT_ID without its secret',
      { PAYPAL_CLIENT_ID: 'paypal-id' },
      'PAYPAL_CLIENT_ID is set but PAYPAL_CLIENT_SECRET is not: PayPal needs both.',
    ],
    [
      'PAYPAL_CLIENT_SECRET without its id',
      { PAYPAL_CLIENT_SECRET: 'paypal-secret' },
      'PAYPAL_CLIENT_SECRET is set but PAYPAL_CLIENT_ID is not: PayPal needs both.',
    ],
    ['PAYPAL_ENV alone', { PAYPAL_ENV: 'live' }, 'PAYPAL_ENV is set without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: PayPal needs both.'],
    ['PAYMENTS=paypal without PayPal', { PAYMENTS: 'paypal' }, 'PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.'],
    ['an unknown PAYMENTS', { PAYMENTS: 'free' }, 'PAYMENTS must be "test" or "paypal", not "free".'],
  ])('refuse %s, in the local set-up too', (_, change, message) => {
    expect(problemsOf({ ...EMULATOR, ...change })).toEqual([message]);
    expect(problemsOf({ ...without(PRODUCTION, 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'), ...change })).toEqual([message]);
  });

  it('send PayPal calls to a local stand-in of its sandbox API only', () => {
    expect(readConfig({ ...PRODUCTION, PAYPAL_API_URL: 'http://127.0.0.1:4322' }).payments).toEqual({
      provider: 'paypal',
      clientId: 'paypal-id',
      clientSecret: 'paypal-secret',
      environment: 'sandbox',
      baseUrl: 'http://127.0.0.1:4322',
    });
    for (const [change, url] of [
      [{ PAYPAL_API_URL: 'https://paypal.example.com' }, 'https://paypal.example.com'],
      [{ PAYPAL_API_URL: 'http://10.0.0.5:4322' }, 'http://10.0.0.5:4322'],
      [{ PAYPAL_API_URL: 'http://127.0.0.1:4322', PAYPAL_ENV: 'live' }, 'http://127.0.0.1:4322'],
    ] as const) {
      expect(problemsOf({ ...PRODUCTION, ...change })).toEqual([
        `PAYPAL_API_URL (${url}) may only name a local stand-in of PayPal's sandbox API, such as http://127.0.0.1:4322, with PAYPAL_CLIENT_ID set and PAYPAL_ENV not live.`,
      ]);
    }
    expect(problemsOf({ ...EMULATOR, PAYPAL_API_URL: 'http://127.0.0.1:4322' })).toEqual([
      expect.stringContaining('PAYPAL_API_URL (http://127.0.0.1:4322) may only name'),
    ]);
  });

  it('refuse PAYMENTS=test beside PayPal credentials, and an unknown PAYPAL_ENV', () => {
    expect(problemsOf({ ...PRODUCTION, PAYMENTS: 'test' })).toEqual([
      'PAYMENTS=test is set together with PayPal credentials: choose one (unset PAYMENTS to take PayPal payments).',
    ]);
    expect(problemsOf({ ...PRODUCTION, PAYPAL_ENV: 'Live' })).toEqual(['PAYPAL_ENV must be "sandbox" or "live", not "Live".']);
  });
});

describe('every other setting', () => {
  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(readConfig({ ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/32,::ffff:10.0.0.0/104' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/32',
      '::ffff:10.0.0.0/104',
    ]);
  });

  it.each(['true', '1', 'proxy.internal', 'loopback', '10.0.0.0/33', '10.0.0.1,', '10.0.0.0/255.0.0.0'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      expect(problemsOf({ ...PRODUCTION, TRUST_PROXY: value })).toEqual([
        `TRUST_PROXY must be the addresses or ranges of the proxies in front of the shop, comma-separated (such as 10.0.0.0/8,127.0.0.1), not "${value}".`,
      ]);
    },
  );

  it.each([
    ['0.0.0.0/0', 'invalid range on address: 0.0.0.0/0'],
    ['10.0.0.1, ::/0', 'invalid range on address: ::/0'],
  ])('refuses TRUST_PROXY=%s, which Fastify would not start with', (value, reason) => {
    expect(problemsOf({ ...PRODUCTION, TRUST_PROXY: value })).toEqual([
      `TRUST_PROXY="${value}" is refused by Fastify's proxy check (${reason}): give the proxies' addresses or ranges, such as 10.0.0.0/8,127.0.0.1.`,
    ]);
  });

  it.each([
    ['0.0.0.0/1,128.0.0.0/1', '0.0.0.0/1'],
    ['10.0.0.1,64.0.0.0/7', '64.0.0.0/7'],
    ['2000::/3', '2000::/3'],
    ['fd00::/31', 'fd00::/31'],
    ['::ffff:0:0/96', '::ffff:0:0/96'],
    ['::ffff:10.0.0.0/103', '::ffff:10.0.0.0/103'],
  ])('refuses TRUST_PROXY=%s, too wide a range to be proxies', (value, range) => {
    expect(problemsOf({ ...PRODUCTION, TRUST_PROXY: value })).toEqual([
      `TRUST_PROXY range ${range} is too wide to be the shop's proxies: every caller in it could choose the address the rate limits count. Name the proxies' addresses, or ranges of at least /8 (IPv4) or /32 (IPv6).`,
    ]);
  });

  it.each([
    [{ PORT: 'http' }, 'PORT must be a port number (0-65535), not "http".'],
    [{ PORT: '70000' }, 'PORT must be a port number (0-65535), not "70000".'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use PGlite under DATA_DIR).'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose".'],
    [{ SEED_PRODUCTS: '0' }, 'SEED_PRODUCTS must be a whole number of products from 1 to 1000000, not "0".'],
    [{ SEED_PRODUCTS: '1e7' }, 'SEED_PRODUCTS must be a whole number of products from 1 to 1000000, not "1e7".'],
    [{ SEED_PRODUCTS: '2.5' }, 'SEED_PRODUCTS must be a whole number of products from 1 to 1000000, not "2.5".'],
    [{ REFUND_RETRY_SECONDS: '0' }, 'REFUND_RETRY_SECONDS must be a whole number of seconds from 1 to 86400, not "0".'],
    [{ REFUND_RETRY_SECONDS: '1.5' }, 'REFUND_RETRY_SECONDS must be a whole number of seconds from 1 to 86400, not "1.5".'],
  ])('refuses %o', (change, message) => {
    expect(problemsOf({ ...EMULATOR, ...change })).toEqual([message]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ ...EMULATOR, HOST: '0.0.0.0', PAYPAL_CLIENT_ID: 'paypal-id', PORT: 'x' });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/PORT must be.*\n.*HOST is 0\.0\.0\.0.*\n.*PAYPAL_CLIENT_ID is set/);
  });
});

describe('npm start', () => {
  it('starts the local Auth emulator only when nothing about Firebase is set', () => {
    expect(wantsLocalEmulator({ HOST: '0.0.0.0', PAYPAL_CLIENT_ID: 'x' })).toBe(true);
    for (const name of [...Object.keys(FIREBASE_PROJECT), 'FIREBASE_AUTH_EMULATOR_HOST'])
      expect(wantsLocalEmulator({ [name]: 'x' })).toBe(false);
  });

  it('leaves a blank Firebase variable for the configuration check to refuse, rather than start the emulator over it', () => {
    for (const name of [...Object.keys(FIREBASE_PROJECT), 'FIREBASE_AUTH_EMULATOR_HOST'])
      expect(wantsLocalEmulator({ [name]: ' ' })).toBe(false);
  });
});
