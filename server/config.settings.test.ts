import { describe, expect, it } from 'vitest';
import { readConfig, wantsLocalEmulator } from './config';
import { EMULATOR, FIREBASE_PROJECT, PRODUCTION, problemsOf, without } from '~/tests/fixtures/configEnv';

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
