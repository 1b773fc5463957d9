import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_PEOPLE, DEMO_USER } from '~/seed/seed';
import type { Identity } from '~/server/core/ports';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest } from '../server/shopUnderTest';
import type { Known } from './arbitraries';
import { ERROR_SCHEMA, OPERATIONS, type Operation, type Schema } from './contractDocument';
import { dbState, expectUnchangedSince, snapshotDb, unchangedSince, type DbState } from '../security/snapshot';
import { CALLERS, type Caller, type FuzzRequest, requestOf } from './requests';
import { sendRaw } from './send';

/**
 * `FUZZ_RUNS` requests per operation (rounded up to a multiple of the five
 * kinds of caller), exactly as many from each kind: a visitor, a shopper, a
 * Banned user, the Admin and a token that is none. Each operation and caller
 * draws from its own seed, derived from `FUZZ_SEED`: fixed by default, so a
 * failure replays; FUZZ_SEED=random draws a fresh one, printed before the
 * first request, that replays the run as FUZZ_SEED. With a fixed seed
 * `npm test` sends the same requests each run, a net for regressions: 25 an
 * operation, 5 from each caller; the search for new failures is
 * `npm run bench -- --only=fuzz`, 500 an operation from a fresh seed.
 */
const PER_CALLER = Math.ceil(Number(process.env.FUZZ_RUNS ?? 25) / CALLERS.length);
const RUNS = PER_CALLER * CALLERS.length;
const SEED = process.env.FUZZ_SEED === 'random' ? randomInt(2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261123);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED takes an integer or random, not ${process.env.FUZZ_SEED}`);
/** A trace's frame (`at f (file.ts:1:2)`) or a path of the server's files. */
const STACK_TRACE = /\n\s+at |node_modules|\/work\/|file:\/\/|\.[cm]?[jt]s:\d+:\d+/;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: false }));
const isError = ajv.compile(ERROR_SCHEMA);
const validators = new Map<Schema, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: Schema) => validators.get(schema) ?? validators.set(schema, ajv.compile(schema)).get(schema)!;

const banned = DEMO_PEOPLE.find((person) => person.type === 'Banned')!;
const IDENTITIES: Record<Exclude<Caller, 'visitor' | 'garbage'>, Identity> = {
  user: { uid: DEMO_USER.id, email: DEMO_USER.email },
  banned: { uid: banned.id, email: banned.email },
  admin: { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email },
};

const GARBAGE_TOKENS = [
  'Bearer ',
  'Bearer not-a-token',
  'Bearer a.b.c',
  'Basic ZGVtbzpkZW1v',
  `Bearer ${'x'.repeat(8_000)}`,
  'Bearer \u00e9\u00e9',
];

let backend: BackendUnderTest;
let sql: Sql;
let close: () => Promise<void>;
let known: Known;
let before: DbState;
let sent = 0;
let resets = 0;
/** The requests each operation was sent by each kind of caller. */
const sentBy = new Map<string, Record<Caller, number>>();

/** The demo shop again, after a generated write that was valid by chance, its people able to sign in. */
async function resetShop() {
  await backend.reset();
  for (const identity of Object.values(IDENTITIES)) await backend.enableAccount(identity);
  before = await dbState(sql);
  resets++;
}

const callerCounts = () => Object.fromEntries(CALLERS.map((caller) => [caller, 0])) as Record<Caller, number>;

async function authorizationOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === 'visitor') return {};
  // The emulator's tokens are unsigned, so a forged signature is the security suite's case (a server set up for a real project); here, tokens that are no JWT.
  if (caller === 'garbage') return { authorization: GARBAGE_TOKENS[sent % GARBAGE_TOKENS.length]! };
  return { authorization: `Bearer ${await backend.tokenFor(IDENTITIES[caller])}` };
}

async function send(request: FuzzRequest) {
  const answer = await sendRaw(
    backend.baseUrl,
    request.method,
    request.url,
    { ...request.headers, ...(await authorizationOf(request.caller)) },
    request.body,
  );
  sent++;
  return answer;
}

/** Sends the request and checks the answer and the database; the thrown error names what went wrong. */
async function check(operation: Operation, request: FuzzRequest) {
  const counts = sentBy.get(operation.operationId) ?? sentBy.set(operation.operationId, callerCounts()).get(operation.operationId)!;
  counts[request.caller]++;
  const { status, type, text } = await send(request);
  expect(status, text.slice(0, 300)).toBeLessThan(500);
  expect(text).not.toMatch(STACK_TRACE);
  if (status >= 400) {
    expect(isError(JSON.parse(text)), text.slice(0, 300)).toBe(true);
    await expectUnchangedSince(sql, before, `a refused ${status} changed the data`);
    return;
  }
  const schema = operation.responses[String(status)];
  if (schema && text) {
    expect(type).toMatch(/^application\/json/);
    const valid = validatorOf(schema);
    expect(valid(JSON.parse(text)), JSON.stringify(valid.errors)).toBe(true);
  }
  // A write that was valid by chance may change the data, honestly: back to the demo shop for the next request.
  if (!(await unchangedSince(sql, before))) await resetShop();
}

beforeAll(async () => {
  console.log(`Contract fuzzing from seed ${SEED}, ${RUNS} runs per operation: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} replays it.`);
  sql = await openPglite();
  // The rate limits have tests of their own; here they would only turn the generated requests into 429s.
  ({ backend, close } = await startShopUnderTest(sql, { rateLimits: { writesPerMinute: 1_000_000, uploadsPerHour: 1_000_000 } }));
  await backend.reset();
  const products = await sql.query<{ id: number }>('SELECT id FROM products ORDER BY id');
  known = {
    productIds: products.map(({ id }) => id),
    userIds: DEMO_PEOPLE.map(({ id }) => id),
    emails: DEMO_PEOPLE.map(({ email }) => email),
  };
  for (const identity of Object.values(IDENTITIES)) await backend.tokenFor(identity);
  before = await dbState(sql);
}, 60_000);

afterAll(async () => {
  const perCaller = [...sentBy.values()].reduce(
    (all, counts) => (CALLERS.forEach((caller) => (all[caller] += counts[caller])), all),
    callerCounts(),
  );
  console.log(
    `Contract fuzzing: ${sent} requests over ${OPERATIONS.length} operations (${RUNS} runs each, ${PER_CALLER} per caller, seed ${SEED}); by caller ${JSON.stringify(perCaller)}; ${resets} valid-by-chance writes reset.`,
  );
  await close();
});

describe('every operation of openapi.yaml, fed generated bad input by a visitor, a shopper, a Banned user, the Admin and a token that is none', () => {
  it('covers the whole contract', () => {
    expect(OPERATIONS.length).toBeGreaterThan(30);
  });

  OPERATIONS.forEach((operation, at) => {
    it(
      `${operation.method.toUpperCase()} ${operation.path} (${operation.operationId}): no 5xx, no stack trace, the contract's answers, no change on refusal`,
      async () => {
        for (const [index, caller] of CALLERS.entries()) {
          await fc.assert(
            fc.asyncProperty(requestOf(operation, known, caller), (request) => check(operation, request)),
            // Not shrunk: each request may change the shop, so a smaller replay is not the same case; the failing request is reported as sent.
            { seed: (SEED + at * CALLERS.length + index) % 2 ** 31, numRuns: PER_CALLER, endOnFailure: true },
          );
        }
        expect(sentBy.get(operation.operationId)).toEqual(Object.fromEntries(CALLERS.map((caller) => [caller, PER_CALLER])));
      },
      30_000 + RUNS * 1_000,
    );
  });
});

describe('found by fuzzing', () => {
  it("answers a body nested deeper than 32, NUL at the bottom, at once: 413 past its route's limit, else 400 naming the body", async () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '"\\u0000"' + '}'.repeat(depth);
    for (const [depth, status, field] of [
      [40_000, 413, undefined],
      [33, 400, 'body'],
    ] as const) {
      const started = performance.now();
      const { status: answered, text } = await send({
        caller: 'user',
        method: 'POST',
        url: '/cart/bulk',
        headers: { 'content-type': 'application/json' },
        body: nested(depth),
      });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect([depth, answered, (JSON.parse(text) as { error: { field?: string } }).error.field]).toEqual([depth, status, field]);
    }
  });

  it('refuses to pay with no cart (409) without creating one', async () => {
    // The fuzzing's own reset: a run that ended on a failure may have left an account disabled.
    await resetShop();
    const seeded = await snapshotDb(sql);
    const body = JSON.stringify({ userID: DEMO_ADMIN.id });
    const { status, text } = await send({
      caller: 'admin',
      method: 'POST',
      url: '/payments',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect([status, (JSON.parse(text) as { error: { message: string } }).error.message]).toEqual([409, 'Your cart is empty.']);
    expect(await snapshotDb(sql)).toEqual(seeded);
  });
});
