import { expect, it } from 'vitest';
import { startBanner } from './banner';
import { readConfig } from './config';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9420', FIREBASE_PROJECT_ID: 'demo-shop', DATA_DIR: '/srv/shop' };
const PRODUCTION = {
  FIREBASE_PROJECT_ID: 'rouge-shop',
  FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ project_id: 'rouge-shop' }),
  VITE_FIREBASE_API_KEY: 'AIzaSyExample',
  VITE_FIREBASE_PROJECT_ID: 'rouge-shop',
  VITE_FIREBASE_AUTH_DOMAIN: 'rouge-shop.firebaseapp.com',
  ADMIN_EMAIL: 'owner@rouge.shop',
  HOST: '0.0.0.0',
  DATABASE_URL: 'postgres://shop@db/shop',
  PUBLIC_ORIGIN: 'https://rouge.shop',
};

it('shows the local set-up with the accounts the emulator made', () => {
  const banner = startBanner(readConfig(EMULATOR), 4320, { kind: 'created', email: 'admin@makeup.test', password: 'admin123' });
  expect(banner).toContain('Rouge makeup shop: http://localhost:4320');
  expect(banner).toContain('Database:  PGlite in /srv/shop/pglite');
  expect(banner).toContain('Sign-in:   Firebase Auth emulator at 127.0.0.1:9420 (project demo-shop');
  expect(banner).toContain('Payments:  test payments, no money moves (local set-up)');
  expect(banner).toContain('Admin:     admin@makeup.test / admin123');
  expect(banner).toContain('Shopper:   ana@makeup.test / makeup123');
});

it('shows a real project with the promoted Admin and no password', () => {
  const banner = startBanner(
    readConfig({ ...PRODUCTION, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live' }),
    3000,
    {
      kind: 'promoted',
      email: 'owner@rouge.shop',
      uid: 'uid-1',
    },
  );
  expect(banner).toContain('Database:  PostgreSQL (DATABASE_URL)');
  expect(banner).toContain('Sign-in:   Firebase project rouge-shop');
  expect(banner).toContain('Payments:  PayPal (live: real money)');
  expect(banner).toContain('Admin:     owner@rouge.shop (existing account uid-1)');
  expect(banner).not.toContain('Shopper:');
  expect(banner).not.toContain('secret');
  expect(banner).not.toMatch(/ \/ /);
});

it('says when no Admin was promoted and when test payments were asked for', () => {
  const banner = startBanner(readConfig({ ...PRODUCTION, PAYMENTS: 'test' }), 3000, {
    kind: 'not-promoted',
    reason: 'no sign-in account has ADMIN_EMAIL (owner@rouge.shop) yet.',
  });
  expect(banner).toContain('Payments:  test payments, no money moves (PAYMENTS=test)');
  expect(banner).toContain('Admin:     none promoted: no sign-in account has ADMIN_EMAIL (owner@rouge.shop) yet.');
});
