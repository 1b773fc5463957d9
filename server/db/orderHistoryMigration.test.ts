import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrate } from './migrate';
import { openPglite } from './pglite';
import type { Sql } from './sql';
import { createSqlStore } from './store';

let sql: Sql;
beforeEach(async () => {
  sql = await openPglite();
});
afterEach(() => sql.close());

it('gives orders made before migration 005 their creation by the buyer and their current status by someone unknown', async () => {
  await migrate(sql, { before: '005' });
  for (const [payment, status] of [
    ['P-1', 'open'],
    ['P-2', 'processing'],
  ]) {
    await sql.query(
      `INSERT INTO orders (user_id, user_email, status, address, total_price, created_at, payment_id, lines)
       VALUES ('u1', 'u1@makeup.test', $1, 'Spain, Madrid, Gran Via 123', 10, '2026-01-02T03:04:05Z', $2, '[]')`,
      [status, payment],
    );
  }
  await migrate(sql);
  const store = createSqlStore(sql);
  const opened = { status: 'open', at: '2026-01-02T03:04:05.000Z', by: { userId: 'u1', email: 'u1@makeup.test' } };
  expect((await store.getOrderByPayment('P-1'))!.history).toEqual([opened]);
  expect((await store.getOrderByPayment('P-2'))!.history).toEqual([
    opened,
    { status: 'processing', at: '2026-01-02T03:04:05.000Z', by: { userId: 'unknown', email: 'unknown' } },
  ]);
});
