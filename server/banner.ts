import { DEMO_PASSWORDS } from '~/seed/demoPasswords';
import { DEMO_USER } from '~/seed/seed';
import type { AdminOutcome } from './admin';
import type { Config } from './config';

/** Where to open the shop: loopback reads as localhost, an IPv6 address gets its brackets. */
function shopUrl(host: string, port: number): string {
  const name = /^(127(\.\d+){3}|::1|localhost|0\.0\.0\.0|::)$/.test(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** What the server prints once it listens: the same configuration it runs with, and the first Admin's outcome. */
export function startBanner(config: Config, port: number, admin: AdminOutcome): string {
  const { firebase, payments } = config;
  const signIn =
    firebase.mode === 'emulator'
      ? `Firebase Auth emulator at ${firebase.emulatorHost} (project ${firebase.projectId}; it trusts unsigned tokens, so loopback only)`
      : `Firebase project ${firebase.projectId}`;
  const paymentsLine =
    payments.provider === 'paypal'
      ? `PayPal (${payments.environment === 'live' ? 'live: real money' : 'sandbox: no real money'})`
      : `test payments, no money moves (${payments.chosenBy === 'emulator' ? 'local set-up' : 'PAYMENTS=test'})`;
  const adminLine =
    admin.kind === 'created'
      ? `${admin.email} / ${admin.password}`
      : admin.kind === 'promoted'
        ? `${admin.email} (existing account ${admin.uid})`
        : `none promoted: ${admin.reason}`;
  return [
    '',
    `  Rouge makeup shop: ${shopUrl(config.host, port)}`,
    `  Database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
    `  Sign-in:   ${signIn}`,
    `  Payments:  ${paymentsLine}`,
    `  Admin:     ${adminLine}`,
    ...(firebase.mode === 'emulator' ? [`  Shopper:   ${DEMO_USER.email} / ${DEMO_PASSWORDS.shopper}`] : []),
    '  Stop with Ctrl-C.',
    '',
  ].join('\n');
}
