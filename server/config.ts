import { isIP } from 'node:net';
import { resolve } from 'node:path';

type Env = Record<string, string | undefined>;

/** Everything a real Firebase project needs, on the server and in the storefront's build. */
export const FIREBASE_PROJECT_VARIABLES = [
  'FIREBASE_PROJECT_ID',
  'FIREBASE_SERVICE_ACCOUNT',
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_AUTH_DOMAIN',
] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const OCTET = '(25[0-5]|2[0-4]\\d|1?\\d?\\d)';
const LOOPBACK = new RegExp(`^(127(\\.${OCTET}){3}|::1|localhost)$`);
const REAL_PROJECT_HELP = `set all of ${FIREBASE_PROJECT_VARIABLES.join(', ')}`;

export type FirebaseConfig =
  /** The Firebase Auth emulator: it accepts unsigned tokens, so only a demo- project on loopback. */
  | { mode: 'emulator'; projectId: string; emulatorHost: string }
  | { mode: 'project'; projectId: string; serviceAccountJson: string; authDomain: string };

export type AdminConfig =
  /** Emulator only: the server makes this sign-in account with this password. */
  | { mode: 'create'; email: string; password: string }
  /** A real project: the server only promotes an existing account, found by its verified email or by its uid. */
  | { mode: 'promote'; email: string }
  | { mode: 'promote'; uid: string };

export type PaymentsConfig =
  | { provider: 'test'; chosenBy: 'emulator' | 'PAYMENTS=test' }
  | { provider: 'paypal'; clientId: string; clientSecret: string; environment: 'sandbox' | 'live' };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  staticDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Whom to believe about the caller's address (X-Forwarded-For): nobody unless TRUST_PROXY names the proxies. */
  trustProxy: false | string[];
  firebase: FirebaseConfig;
  admin: AdminConfig;
  payments: PaymentsConfig;
}

/** The environment cannot run the shop safely; the message lists every problem and what to set. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`The shop will not start with this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee "Configuration" in README.md.`);
  }
}

/** `npm start` runs the local Auth emulator only when nothing about Firebase is configured at all. */
export function wantsLocalEmulator(env: Env): boolean {
  return [...FIREBASE_PROJECT_VARIABLES, 'FIREBASE_AUTH_EMULATOR_HOST'].every((name) => !env[name]?.trim());
}

/** The whole environment, validated: a complete configuration, or a ConfigError naming what is wrong and what to set. */
export function readConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const get = (name: string) => env[name]?.trim() || undefined;

  const host = get('HOST') ?? '127.0.0.1';
  const port = Number(get('PORT') ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number (0-65535), not "${get('PORT')}".`);
  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use PGlite under DATA_DIR).');
  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`);

  const trustProxy = readTrustProxy(get('TRUST_PROXY'), problems);
  // Admin and payments are checked for the mode asked for, even when its Firebase settings are refused.
  const mode = get('FIREBASE_AUTH_EMULATOR_HOST') ? 'emulator' : 'project';
  const firebase = readFirebase(get, host, problems);
  const admin = readAdmin(get, mode, problems);
  const payments = readPayments(get, mode, problems);
  if (problems.length > 0 || !firebase || !admin || !payments) throw new ConfigError(problems);

  const dataDir = resolve(get('DATA_DIR') ?? 'data');
  return {
    port,
    host,
    dataDir,
    uploadsDir: resolve(dataDir, 'uploads'),
    staticDir: resolve(get('STATIC_DIR') ?? 'dist'),
    databaseUrl,
    logLevel,
    trustProxy,
    firebase,
    admin,
    payments,
  };
}

type Get = (name: string) => string | undefined;

/** The proxies' addresses and ranges. Never "trust whoever says so", nor a hop count (Fastify refuses those: the nearest peer goes unchecked). */
function readTrustProxy(value: string | undefined, problems: string[]): Config['trustProxy'] {
  if (value === undefined) return false;
  const proxies = value.split(',').map((part) => part.trim());
  const isAddressOrRange = (part: string) => {
    const [address = '', bits, ...rest] = part.split('/');
    const version = isIP(address);
    return version > 0 && rest.length === 0 && (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128)));
  };
  if (proxies.every(isAddressOrRange)) return proxies;
  problems.push(`TRUST_PROXY must be the addresses or ranges of the proxies in front of the shop, comma-separated (such as 10.0.0.0/8,127.0.0.1), not "${value}".`);
  return false;
}

function readFirebase(get: Get, host: string, problems: string[]): FirebaseConfig | null {
  const emulatorHost = get('FIREBASE_AUTH_EMULATOR_HOST');
  const projectId = get('FIREBASE_PROJECT_ID');
  const before = problems.length;
  if (emulatorHost) {
    if (!projectId) {
      problems.push('FIREBASE_AUTH_EMULATOR_HOST is set but FIREBASE_PROJECT_ID is not: the Auth emulator runs only with a demo- project; set FIREBASE_PROJECT_ID=demo-shop.');
    } else if (!projectId.startsWith('demo-')) {
      problems.push(
        `FIREBASE_AUTH_EMULATOR_HOST is set with FIREBASE_PROJECT_ID=${projectId}: the Auth emulator accepts unsigned tokens, so it runs only with a project id starting with "demo-". Unset FIREBASE_AUTH_EMULATOR_HOST to use the real project, or set FIREBASE_PROJECT_ID=demo-shop.`,
      );
    }
    if (get('FIREBASE_SERVICE_ACCOUNT')) {
      problems.push('FIREBASE_SERVICE_ACCOUNT is set together with FIREBASE_AUTH_EMULATOR_HOST: a service account means a real project, where unsigned emulator tokens must never be accepted. Unset one of them.');
    }
    if (!LOOPBACK.test(host)) {
      problems.push(
        `HOST is ${host}, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only on a loopback address (127.0.0.1, ::1, localhost). Keep HOST on loopback, or configure a real Firebase project: ${REAL_PROJECT_HELP}.`,
      );
    }
    const browserProject = get('VITE_FIREBASE_PROJECT_ID');
    if (browserProject && projectId && browserProject !== projectId) {
      problems.push(`VITE_FIREBASE_PROJECT_ID (${browserProject}) differs from FIREBASE_PROJECT_ID (${projectId}): the storefront and the server must use one project.`);
    }
    return problems.length === before && projectId ? { mode: 'emulator', projectId, emulatorHost } : null;
  }

  const set = FIREBASE_PROJECT_VARIABLES.filter((name) => get(name));
  const missing = FIREBASE_PROJECT_VARIABLES.filter((name) => !get(name));
  if (set.length === 0) {
    problems.push(
      `No Firebase project is configured and FIREBASE_AUTH_EMULATOR_HOST is not set, so nobody could sign in. For a real project ${REAL_PROJECT_HELP}. For local use run \`npm start\` with none of them (it starts the Auth emulator), or set FIREBASE_AUTH_EMULATOR_HOST and FIREBASE_PROJECT_ID=demo-shop with a loopback HOST.`,
    );
    return null;
  }
  if (missing.length > 0) {
    problems.push(
      `Firebase is half configured: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. A real project needs all of ${FIREBASE_PROJECT_VARIABLES.join(', ')}; to use the local Auth emulator instead, unset all of them.`,
    );
  }
  if (projectId?.startsWith('demo-')) {
    problems.push(`FIREBASE_PROJECT_ID=${projectId} is a demo project, which only the Auth emulator serves: set FIREBASE_AUTH_EMULATOR_HOST for local use, or give your real project's id.`);
  }
  const browserProject = get('VITE_FIREBASE_PROJECT_ID');
  if (projectId && browserProject && browserProject !== projectId) {
    problems.push(`VITE_FIREBASE_PROJECT_ID (${browserProject}) differs from FIREBASE_PROJECT_ID (${projectId}): the storefront and the server must use one project.`);
  }
  if (get('VITE_FIREBASE_AUTH_EMULATOR')) {
    problems.push('VITE_FIREBASE_AUTH_EMULATOR points the storefront at an Auth emulator while the server uses a real Firebase project: unset it.');
  }
  const serviceAccountJson = get('FIREBASE_SERVICE_ACCOUNT');
  if (serviceAccountJson) checkServiceAccount(serviceAccountJson, projectId, problems);
  const authDomain = get('VITE_FIREBASE_AUTH_DOMAIN');
  return problems.length === before && projectId && serviceAccountJson && authDomain ? { mode: 'project', projectId, serviceAccountJson, authDomain } : null;
}

function checkServiceAccount(json: string, projectId: string | undefined, problems: string[]): void {
  let account: { project_id?: unknown };
  try {
    account = JSON.parse(json) as { project_id?: unknown };
  } catch {
    problems.push('FIREBASE_SERVICE_ACCOUNT is not JSON: give the whole service-account key file\'s content (Firebase console, Project settings, Service accounts).');
    return;
  }
  if (projectId && account.project_id !== projectId) {
    problems.push(`FIREBASE_SERVICE_ACCOUNT belongs to project ${String(account.project_id)}, not FIREBASE_PROJECT_ID (${projectId}).`);
  }
}

function readAdmin(get: Get, mode: FirebaseConfig['mode'], problems: string[]): AdminConfig | null {
  const email = get('ADMIN_EMAIL');
  const password = get('ADMIN_PASSWORD');
  const uid = get('ADMIN_UID');
  if (email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(email)) problems.push(`ADMIN_EMAIL must be an email address, not "${email}".`);
  if (mode === 'emulator') {
    if (uid) problems.push('ADMIN_UID names an account of a real Firebase project; with the Auth emulator the server makes the Admin from ADMIN_EMAIL and ADMIN_PASSWORD: unset ADMIN_UID.');
    if (password !== undefined && password.length < 6) problems.push('ADMIN_PASSWORD must be at least 6 characters (Firebase\'s minimum).');
    return { mode: 'create', email: email ?? 'admin@makeup.test', password: password ?? 'admin123' };
  }
  if (password) {
    problems.push('ADMIN_PASSWORD is set, but with a real Firebase project the server creates no accounts and no passwords: unset it, sign up in the shop with ADMIN_EMAIL and verify that email.');
  }
  if (email && uid) problems.push('ADMIN_EMAIL and ADMIN_UID are both set: name the first Admin by one of them.');
  if (!email && !uid) {
    problems.push('With a real Firebase project, name the first Admin: set ADMIN_EMAIL to the verified email of an existing account (sign up in the shop first), or ADMIN_UID to its uid.');
  }
  if (email) return { mode: 'promote', email };
  return uid ? { mode: 'promote', uid } : null;
}

function readPayments(get: Get, mode: FirebaseConfig['mode'], problems: string[]): PaymentsConfig | null {
  const choice = get('PAYMENTS');
  const clientId = get('PAYPAL_CLIENT_ID');
  const clientSecret = get('PAYPAL_CLIENT_SECRET');
  const environment = get('PAYPAL_ENV');
  const before = problems.length;
  if (choice !== undefined && choice !== 'test' && choice !== 'paypal') problems.push(`PAYMENTS must be "test" or "paypal", not "${choice}".`);
  if (environment !== undefined && environment !== 'sandbox' && environment !== 'live') problems.push(`PAYPAL_ENV must be "sandbox" or "live", not "${environment}".`);
  if (clientId && !clientSecret) problems.push('PAYPAL_CLIENT_ID is set but PAYPAL_CLIENT_SECRET is not: PayPal needs both.');
  if (clientSecret && !clientId) problems.push('PAYPAL_CLIENT_SECRET is set but PAYPAL_CLIENT_ID is not: PayPal needs both.');
  if (!clientId && !clientSecret && environment) problems.push('PAYPAL_ENV is set without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: PayPal needs both.');
  if (choice === 'test' && (clientId || clientSecret)) problems.push('PAYMENTS=test is set together with PayPal credentials: choose one (unset PAYMENTS to take PayPal payments).');
  if (choice === 'paypal' && !clientId && !clientSecret) problems.push('PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.');
  if (!choice && !clientId && !clientSecret && !environment && mode === 'project') {
    problems.push(
      'With a real Firebase project, choose how the shop takes payments: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (with PAYPAL_ENV=live for real money), or PAYMENTS=test for test payments, where no money moves.',
    );
  }
  if (problems.length > before) return null;
  if (clientId && clientSecret) return { provider: 'paypal', clientId, clientSecret, environment: environment === 'live' ? 'live' : 'sandbox' };
  return { provider: 'test', chosenBy: choice === 'test' ? 'PAYMENTS=test' : 'emulator' };
}
