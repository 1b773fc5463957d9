import { expect } from 'vitest';
import { DEMO_ADMIN, DEMO_PEOPLE } from '~/seed/seed';
import type { Identity, Store } from '~/server/core/ports';
import { openPglite } from '~/server/db/pglite';
import type { Sql } from '~/server/db/sql';
import type { BackendUnderTest } from '../contract/backend';
import { startShopUnderTest } from '../server/shopUnderTest';
import { snapshotDb, snapshotFiles } from './snapshot';

const identityOf = (username: string): Identity => {
  const user = DEMO_PEOPLE.find((p) => p.username === username)!;
  return { uid: user.id, email: user.email };
};

/** The seeded people an attacker may be: a buyer with orders, a shopper who bought nothing, Banned, Blocked, and the Admin. */
export const PEOPLE = {
  buyer: identityOf('anabelle1'),
  shopper: identityOf('brunosilva'),
  banned: identityOf('carlamendes'),
  blocked: identityOf('dariorossi'),
  admin: { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email },
} satisfies Record<string, Identity>;

export const ADDRESS = 'Argentina, Cordoba, San Martin 1234';

export interface Reply<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  as?: Identity;
  body?: unknown;
  /** Sent as the body as it is, with JSON's content type unless headers say otherwise. */
  raw?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
}

export interface ShopUnderAttack {
  backend: BackendUnderTest;
  sql: Sql;
  store: Store;
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<Reply<T>>;
  /** Every table's rows, to compare before and after an attack. */
  snapshot(): Promise<Record<string, unknown[]>>;
  /** Every file in the uploads folder (by its path there) with its size: uploads are files, not rows, so snapshot cannot see them. */
  uploadedFiles(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

/** The real server on a fresh PGlite with the demo shop seeded. */
export async function startShopUnderAttack(options: Parameters<typeof startShopUnderTest>[1] = {}): Promise<ShopUnderAttack> {
  const sql = await openPglite();
  const { backend, shop, uploadsDir, close } = await startShopUnderTest(sql, options);
  await backend.reset();

  async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> {
    const url = new URL(`${backend.baseUrl}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {};
    if (options.as) headers.authorization = `Bearer ${await backend.tokenFor(options.as)}`;
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, { method: method.toUpperCase(), headers: { ...headers, ...options.headers }, body: payload });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text) body = JSON.parse(text);
    return { status: response.status, body: body as T, text, headers: response.headers };
  }

  return { backend, sql, store: shop.store, call, snapshot: () => snapshotDb(sql), uploadedFiles: () => snapshotFiles(uploadsDir), close };
}

/** What an answer must never show an attacker: a stack frame, a source path or a database error. */
export function expectNoLeak(reply: Reply) {
  expect(reply.status, reply.text).toBeLessThan(500);
  expect(reply.text).not.toMatch(/\bat .+\(.+:\d+:\d+\)|node_modules|\/server\/|\.ts:\d+|syntax error|PGlite|postgres|SQLSTATE/i);
}

/** A refusal with the contract's Error body: its status, its code and, for 400, the field it names. */
export function expectRefused(reply: Reply, status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429, field?: string) {
  expectNoLeak(reply);
  expect(reply.status, reply.text).toBe(status);
  expect(reply.body).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  if (field !== undefined) expect(reply.body.error.field).toBe(field);
}
