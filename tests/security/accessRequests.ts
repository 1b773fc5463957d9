import { expect } from 'vitest';
import type { HttpMethod } from '~/server/core/contract';
import type { Identity } from '~/server/core/ports';
import type { Sql } from '~/server/db/sql';
import type { BackendUnderTest } from '../contract/backend';
import { assertMatchesContract } from '../contract/responses';
import { digestDb } from './snapshot';

/** One request as an attacker would send it: as a signed-in identity, or with a raw token of their making. */
export interface Attempt {
  label: string;
  method: HttpMethod;
  path: string;
  as?: Identity;
  token?: string;
  body?: unknown;
  query?: Record<string, string | number>;
}

export interface Reply {
  status: number;
  text: string;
  body: any;
}

const CODES: Record<number, string> = { 400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict' };
/** What a Node stack trace or a leaked source path looks like in a response. */
const STACK = /\bat \S+ \(|node_modules|\.[cm]?[jt]s:\d+|\/work\/|Error: /;

/** The server to attack: its API's base URL, and how to sign in an identity where the attempt names one. */
export type Target = Pick<BackendUnderTest, 'baseUrl'> & Partial<Pick<BackendUnderTest, 'tokenFor'>>;

async function tokenOf(backend: Target, attempt: Attempt): Promise<string | undefined> {
  if (attempt.token !== undefined || !attempt.as) return attempt.token;
  if (!backend.tokenFor) throw new Error(`${attempt.label}: this server signs nobody in; send a token`);
  return backend.tokenFor(attempt.as);
}

export async function send(backend: Target, attempt: Attempt): Promise<Reply> {
  const url = new URL(`${backend.baseUrl}${attempt.path}`);
  for (const [key, value] of Object.entries(attempt.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {};
  const token = await tokenOf(backend, attempt);
  if (token) headers.authorization = `Bearer ${token}`;
  if (attempt.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: attempt.method.toUpperCase(),
    headers,
    body: attempt.body === undefined ? undefined : JSON.stringify(attempt.body),
  });
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : undefined;
  assertMatchesContract(attempt.method, url.pathname.slice(new URL(backend.baseUrl).pathname.length), response.status, body);
  return { status: response.status, text, body };
}

/**
 * Sends the attempt and asserts the refusal: the status, the contract's
 * error code (and the field, where given), no stack trace, and every table
 * of the database exactly as it was.
 */
export async function expectRefused(sql: Sql, backend: Target, attempt: Attempt, status: number, field?: string): Promise<Reply> {
  // Each table's digest: a table named as changed is one the attempt wrote to.
  const before = await digestDb(sql);
  const reply = await send(backend, attempt);
  expect(reply.status, attempt.label).toBe(status);
  expect(reply.body?.error?.code, attempt.label).toBe(CODES[status]);
  if (field) expect(reply.body.error.field, attempt.label).toBe(field);
  expect(reply.text, attempt.label).not.toMatch(STACK);
  expect(await digestDb(sql), `${attempt.label}: the database changed`).toEqual(before);
  return reply;
}
