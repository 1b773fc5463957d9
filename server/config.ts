import { compile as compileTrustProxy } from '@fastify/proxy-addr';
import { BlockList, isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_PRODUCT_COUNT } from '~/seed/catalogue/generate';
import { DEFAULT_REFUND_RETRY_SECONDS } from './core/refunds';
import { DEMO_PASSWORDS } from '~/seed/demoPasswords';

type Env = Record<string, string | undefined>;

/** Everything a real Firebase project needs, on the server and in the storefront's build. */
export const FIREBASE_PROJECT_VARIABLES = [
  'FIREBASE_PROJECT_ID',
  'FIREBASE_SERVICE_ACCOUNT',
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_AUTH_DOMAIN',
] as const;

/** firebase-admin and the build read these raw: set but blank, they could mean something else there than "unset" here. */
const FIREBASE_VARIABLES = [...FIREBASE_PROJECT_VARIABLES, 'FIREBASE_AUTH_EMULATOR_HOST', 'VITE_FIREBASE_AUTH_EMULATOR'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MAX_SEED_PRODUCTS = 1_000_000;
const MAX_REFUND_RETRY_SECONDS = 86_400;
const LOOPBACK_IPV4 = '127(?:\\.(?:25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}';
const LOOPBACK = new RegExp(`^(?:${LOOPBACK_IPV4}|::1|localhost)$`);
/** A loopback host as a Host header or an emulator address writes it (IPv6 in brackets), as a RegExp source. */
export const LOOPBACK_HOST_NAME = `(?:${LOOPBACK_IPV4}|\\[::1\\]|localhost)`;
const LOOPBACK_HOST_AND_PORT = new RegExp(`^${LOOPBACK_HOST_NAME}:(?<port>\\d{1,5})$`);
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
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
  | { provider: 'paypal'; clientId: string; clientSecret: string; environment: 'sandbox' | 'live'; baseUrl?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  staticDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** How many generated products the first start on an empty database seeds the catalogue with. */
  seedProducts: number;
  /** How often the refunds still owed (the provider failed when first asked) are asked again. */
  refundRetrySeconds: number;
  /** Whom to believe about the caller's address (X-Forwarded-For): nobody unless TRUST_PROXY names the proxies. */
  trustProxy: false | string[];
  /** The shop's address as visitors reach it, named by canonical links, Open Graph tags, the sitemap and robots.txt; unset (local set-up only), the request's own. */
  publicOrigin: string | undefined;
  firebase: FirebaseConfig;
  admin: AdminConfig;
  payments: PaymentsConfig;
}

/** The environment cannot run the shop safely; the message lists every problem and what to set. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(
      `The shop will not start with this configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee "Configuration" in README.md.`,
    );
  }
}

/** `npm start` runs the local Auth emulator only when nothing about Firebase is configured at all. */
export function wantsLocalEmulator(env: Env): boolean {
  return [...FIREBASE_PROJECT_VARIABLES, 'FIREBASE_AUTH_EMULATOR_HOST'].every((name) => env[name] === undefined);
}

/** The whole environment, validated: a complete configuration, or a ConfigError naming what is wrong and what to set. */
export function readConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const get = (name: string) => env[name]?.trim() || undefined;

  const host = get('HOST') ?? '127.0.0.1';
  const port = Number(get('PORT') ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number (0-65535), not "${get('PORT')}".`);
  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use PGlite under DATA_DIR).');
  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${logLevel}".`);
  const seedProducts = Number(get('SEED_PRODUCTS') ?? DEFAULT_PRODUCT_COUNT);
  if (!Number.isInteger(seedProducts) || seedProducts < 1 || seedProducts > MAX_SEED_PRODUCTS) {
    problems.push(`SEED_PRODUCTS must be a whole number of products from 1 to ${MAX_SEED_PRODUCTS}, not "${get('SEED_PRODUCTS')}".`);
  }
  const refundRetrySeconds = Number(get('REFUND_RETRY_SECONDS') ?? DEFAULT_REFUND_RETRY_SECONDS);
  if (!Number.isInteger(refundRetrySeconds) || refundRetrySeconds < 1 || refundRetrySeconds > MAX_REFUND_RETRY_SECONDS) {
    problems.push(
      `REFUND_RETRY_SECONDS must be a whole number of seconds from 1 to ${MAX_REFUND_RETRY_SECONDS}, not "${get('REFUND_RETRY_SECONDS')}".`,
    );
  }

  const trustProxy = readTrustProxy(get('TRUST_PROXY'), problems);
  // firebase-admin turns to the emulator, which accepts unsigned tokens, on a FIREBASE_AUTH_EMULATOR_HOST of spaces.
  for (const name of FIREBASE_VARIABLES)
    if (env[name] !== undefined && !get(name)) problems.push(`${name} is set but blank: unset it, or give it a value.`);
  // Admin and payments are checked for the mode asked for, even when its Firebase settings are refused.
  const mode = get('FIREBASE_AUTH_EMULATOR_HOST') ? 'emulator' : 'project';
  const firebase = readFirebase(get, env.FIREBASE_AUTH_EMULATOR_HOST, host, problems);
  // Asked of a real project only once one is being configured: with no Firebase at all, what to set first is said above.
  const publicOrigin = readPublicOrigin(
    get('PUBLIC_ORIGIN'),
    mode === 'project' && FIREBASE_PROJECT_VARIABLES.some((name) => get(name)),
    problems,
  );
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
    seedProducts,
    refundRetrySeconds,
    trustProxy,
    publicOrigin,
    firebase,
    admin,
    payments,
  };
}

type Get = (name: string) => string | undefined;

/**
 * An origin (scheme, host, port: no path, query or credentials), https
 * unless on loopback. A real project must name it: the Host header is the
 * caller's to choose, and a page's canonical link must not be.
 */
function readPublicOrigin(value: string | undefined, required: boolean, problems: string[]): string | undefined {
  if (value === undefined) {
    if (required) {
      problems.push(
        "With a real Firebase project, set PUBLIC_ORIGIN to the shop's address as visitors reach it, such as https://shop.example: it is the only host the server answers, and canonical links, Open Graph tags, the sitemap and robots.txt name it.",
      );
    }
    return undefined;
  }
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const loopback = url !== null && LOOPBACK.test(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (!url || url.origin !== value.replace(/\/$/, '') || (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))) {
    problems.push(
      `PUBLIC_ORIGIN must be the shop's origin, https (http only on loopback), with no path, query or credentials, such as https://shop.example, not "${value}".`,
    );
    return undefined;
  }
  return url.origin;
}

/**
 * The proxies' addresses and ranges. Never "trust whoever says so", nor a hop count (Fastify refuses those: the nearest
 * peer goes unchecked), nor a range so wide that it holds callers rather than proxies.
 */
function readTrustProxy(value: string | undefined, problems: string[]): Config['trustProxy'] {
  if (value === undefined) return false;
  const proxies = value.split(',').map((part) => part.trim());
  const ranges = proxies.map(parseRange);
  if (ranges.some((range) => range === null)) {
    problems.push(
      `TRUST_PROXY must be the addresses or ranges of the proxies in front of the shop, comma-separated (such as 10.0.0.0/8,127.0.0.1), not "${value}".`,
    );
    return false;
  }
  try {
    compileTrustProxy(proxies);
  } catch (error) {
    problems.push(
      `TRUST_PROXY="${value}" is refused by Fastify's proxy check (${(error as Error).message}): give the proxies' addresses or ranges, such as 10.0.0.0/8,127.0.0.1.`,
    );
    return false;
  }
  const tooWide = proxies.find((_, index) => isTooWide(ranges[index]!));
  if (tooWide === undefined) return proxies;
  problems.push(
    `TRUST_PROXY range ${tooWide} is too wide to be the shop's proxies: every caller in it could choose the address the rate limits count. Name the proxies' addresses, or ranges of at least /8 (IPv4) or /32 (IPv6).`,
  );
  return false;
}

interface Range {
  address: string;
  version: number;
  bits: number;
}

/** An address, or an address with a prefix length in bits; null for anything else (names, netmasks, hop counts). */
function parseRange(part: string): Range | null {
  const [address = '', bits, ...rest] = part.split('/');
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  if (version === 0 || rest.length > 0 || (bits !== undefined && !/^\d+$/.test(bits))) return null;
  const prefix = bits === undefined ? max : Number(bits);
  return prefix <= max ? { address, version, bits: prefix } : null;
}

function isTooWide({ address, version, bits }: Range): boolean {
  if (version === 4) return bits < 8;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) stands for IPv4 callers: its IPv4 prefix is its length less 96.
  return bits < (IPV4_MAPPED.check(address, 'ipv6') ? 96 + 8 : 32);
}

/** emulatorHost is FIREBASE_AUTH_EMULATOR_HOST as firebase-admin reads it, untrimmed. */
function readFirebase(get: Get, emulatorHost: string | undefined, host: string, problems: string[]): FirebaseConfig | null {
  const projectId = get('FIREBASE_PROJECT_ID');
  const before = problems.length;
  if (emulatorHost?.trim()) {
    const port = LOOPBACK_HOST_AND_PORT.exec(emulatorHost)?.groups?.port;
    if (port === undefined || Number(port) < 1 || Number(port) > 65535) {
      problems.push(
        `FIREBASE_AUTH_EMULATOR_HOST must be a loopback address and a port (127.0.0.1:9099, [::1]:9099 or localhost:9099), not "${emulatorHost}": the Auth emulator accepts unsigned tokens, so the shop uses one only on this machine.`,
      );
    }
    if (!projectId) {
      problems.push(
        'FIREBASE_AUTH_EMULATOR_HOST is set but FIREBASE_PROJECT_ID is not: the Auth emulator runs only with a demo- project; set FIREBASE_PROJECT_ID=demo-shop.',
      );
    } else if (!projectId.startsWith('demo-')) {
      problems.push(
        `FIREBASE_AUTH_EMULATOR_HOST is set with FIREBASE_PROJECT_ID=${projectId}: the Auth emulator accepts unsigned tokens, so it runs only with a project id starting with "demo-". Unset FIREBASE_AUTH_EMULATOR_HOST to use the real project, or set FIREBASE_PROJECT_ID=demo-shop.`,
      );
    }
    if (get('FIREBASE_SERVICE_ACCOUNT')) {
      problems.push(
        'FIREBASE_SERVICE_ACCOUNT is set together with FIREBASE_AUTH_EMULATOR_HOST: a service account means a real project, where unsigned emulator tokens must never be accepted. Unset one of them.',
      );
    }
    if (!LOOPBACK.test(host)) {
      problems.push(
        `HOST is ${host}, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only on a loopback address (127.0.0.1, ::1, localhost). Keep HOST on loopback, or configure a real Firebase project: ${REAL_PROJECT_HELP}.`,
      );
    }
    if (get('TRUST_PROXY')) {
      problems.push(
        `TRUST_PROXY is set, but the Firebase Auth emulator accepts unsigned tokens, so the shop runs with it only for this machine, never behind a proxy that would put it on the network. Unset TRUST_PROXY, or configure a real Firebase project: ${REAL_PROJECT_HELP}.`,
      );
    }
    const browserProject = get('VITE_FIREBASE_PROJECT_ID');
    if (browserProject && projectId && browserProject !== projectId) {
      problems.push(
        `VITE_FIREBASE_PROJECT_ID (${browserProject}) differs from FIREBASE_PROJECT_ID (${projectId}): the storefront and the server must use one project.`,
      );
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
    problems.push(
      `FIREBASE_PROJECT_ID=${projectId} is a demo project, which only the Auth emulator serves: set FIREBASE_AUTH_EMULATOR_HOST for local use, or give your real project's id.`,
    );
  }
  const browserProject = get('VITE_FIREBASE_PROJECT_ID');
  if (projectId && browserProject && browserProject !== projectId) {
    problems.push(
      `VITE_FIREBASE_PROJECT_ID (${browserProject}) differs from FIREBASE_PROJECT_ID (${projectId}): the storefront and the server must use one project.`,
    );
  }
  if (get('VITE_FIREBASE_AUTH_EMULATOR')) {
    problems.push(
      'VITE_FIREBASE_AUTH_EMULATOR points the storefront at an Auth emulator while the server uses a real Firebase project: unset it.',
    );
  }
  const serviceAccountJson = get('FIREBASE_SERVICE_ACCOUNT');
  if (serviceAccountJson) checkServiceAccount(serviceAccountJson, projectId, problems);
  const authDomain = get('VITE_FIREBASE_AUTH_DOMAIN');
  return problems.length === before && projectId && serviceAccountJson && authDomain
    ? { mode: 'project', projectId, serviceAccountJson, authDomain }
    : null;
}

function checkServiceAccount(json: string, projectId: string | undefined, problems: string[]): void {
  let account: { project_id?: unknown };
  try {
    account = JSON.parse(json) as { project_id?: unknown };
  } catch {
    problems.push(
      "FIREBASE_SERVICE_ACCOUNT is not JSON: give the whole service-account key file's content (Firebase console, Project settings, Service accounts).",
    );
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
    if (uid)
      problems.push(
        'ADMIN_UID names an account of a real Firebase project; with the Auth emulator the server makes the Admin from ADMIN_EMAIL and ADMIN_PASSWORD: unset ADMIN_UID.',
      );
    if (password !== undefined && password.length < 6) problems.push("ADMIN_PASSWORD must be at least 6 characters (Firebase's minimum).");
    return { mode: 'create', email: email ?? 'admin@makeup.test', password: password ?? DEMO_PASSWORDS.admin };
  }
  if (password) {
    problems.push(
      'ADMIN_PASSWORD is set, but with a real Firebase project the server creates no accounts and no passwords: unset it, sign up in the shop with ADMIN_EMAIL and verify that email.',
    );
  }
  if (email && uid) problems.push('ADMIN_EMAIL and ADMIN_UID are both set: name the first Admin by one of them.');
  if (!email && !uid) {
    problems.push(
      'With a real Firebase project, name the first Admin: set ADMIN_EMAIL to the verified email of an existing account (sign up in the shop first), or ADMIN_UID to its uid.',
    );
  }
  if (email) return { mode: 'promote', email };
  return uid ? { mode: 'promote', uid } : null;
}

function readPayments(get: Get, mode: FirebaseConfig['mode'], problems: string[]): PaymentsConfig | null {
  const choice = get('PAYMENTS');
  const clientId = get('PAYPAL_CLIENT_ID');
  const clientSecret = get('PAYPAL_CLIENT_SECRET');
  const environment = get('PAYPAL_ENV');
  const standIn = get('PAYPAL_API_URL');
  const before = problems.length;
  if (choice !== undefined && choice !== 'test' && choice !== 'paypal')
    problems.push(`PAYMENTS must be "test" or "paypal", not "${choice}".`);
  if (environment !== undefined && environment !== 'sandbox' && environment !== 'live')
    problems.push(`PAYPAL_ENV must be "sandbox" or "live", not "${environment}".`);
  if (clientId && !clientSecret) problems.push('PAYPAL_CLIENT_ID is set but PAYPAL_CLIENT_SECRET is not: PayPal needs both.');
  if (clientSecret && !clientId) problems.push('PAYPAL_CLIENT_SECRET is set but PAYPAL_CLIENT_ID is not: PayPal needs both.');
  if (!clientId && !clientSecret && environment)
    problems.push('PAYPAL_ENV is set without PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: PayPal needs both.');
  if (choice === 'test' && (clientId || clientSecret))
    problems.push('PAYMENTS=test is set together with PayPal credentials: choose one (unset PAYMENTS to take PayPal payments).');
  if (choice === 'paypal' && !clientId && !clientSecret) problems.push('PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.');
  if (!choice && !clientId && !clientSecret && !environment && mode === 'project') {
    problems.push(
      'With a real Firebase project, choose how the shop takes payments: set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (with PAYPAL_ENV=live for real money), or PAYMENTS=test for test payments, where no money moves.',
    );
  }
  if (standIn !== undefined && (!clientId || environment === 'live' || !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(standIn))) {
    problems.push(
      `PAYPAL_API_URL (${standIn}) may only name a local stand-in of PayPal's sandbox API, such as http://127.0.0.1:4322, with PAYPAL_CLIENT_ID set and PAYPAL_ENV not live.`,
    );
  }
  if (problems.length > before) return null;
  if (clientId && clientSecret) {
    const paypal = { provider: 'paypal', clientId, clientSecret, environment: environment === 'live' ? 'live' : 'sandbox' } as const;
    return standIn ? { ...paypal, baseUrl: standIn } : paypal;
  }
  return { provider: 'test', chosenBy: choice === 'test' ? 'PAYMENTS=test' : 'emulator' };
}
