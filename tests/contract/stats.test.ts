import { describe, expect, it } from 'vitest';
import { createDatabase } from '~/mocks/db';
import { createMockStore } from '~/mocks/store';
import { DEMO_ADMIN, DEMO_USER } from '~/seed/seed';
import type { OrderRow, Store } from '~/server/core/ports';
import { createSqlStore } from '~/server/db/store';
import type { components } from '~/src/api/schema';
import { coreUnderTest } from './coreUnderTest';
import { pgliteForFile } from './pgliteForFile';

const ADMIN = { uid: DEMO_ADMIN.id, email: DEMO_ADMIN.email };
const NOW = new Date('2026-03-15T10:00:00.000Z');
/** The 30 days ending on NOW's UTC date. */
const FIRST_DAY = '2026-02-14';

const sql = pgliteForFile();

/** An order of the demo shopper, created at the moment given, for the amount given. */
function order(createdAt: string, totalPrice: number, status: OrderRow['status'] = 'open'): Omit<OrderRow, 'id'> {
  return {
    userId: DEMO_USER.id,
    userEmail: DEMO_USER.email,
    status,
    address: 'Argentina, Cordoba, San Martin 1234',
    totalPrice,
    createdAt,
    paymentId: `STATS-${createdAt}-${status}`,
    lines: [],
    history: [{ status, at: createdAt, by: { userId: DEMO_USER.id, email: DEMO_USER.email } }],
  };
}

const STORES: [string, () => Store][] = [
  ['the in-memory store', () => createMockStore(createDatabase())],
  ['the SQL store on PGlite', () => createSqlStore(sql())],
];

describe.each(STORES)('GET /stats on %s', (_name, storeOf) => {
  it('puts each order on its UTC date within the 30 days ending today, zero on the others, cancelled ones left out, in cents', async () => {
    const core = await coreUnderTest({ store: storeOf(), productCount: 12, now: () => NOW });
    const seededSales = (await core.store.listOrders()).filter((o) => o.status !== 'cancelled');
    const recent = [
      order('2026-02-13T23:59:59.999Z', 1000),
      order('2026-02-14T00:00:00.000Z', 0.1),
      order('2026-02-14T23:59:59.999Z', 0.2),
      order('2026-03-01T12:00:00.000Z', 40, 'cancelled'),
      order('2026-03-15T23:59:59.999Z', 19.99, 'approved'),
      order('2026-03-16T00:00:00.000Z', 5),
    ];
    for (const row of recent) await core.store.insertOrder(row);

    const reply = await core.call<components['schemas']['Stats']>(ADMIN, 'getStats');
    expect(reply.status).toBe(200);
    const days = reply.body.salesPerDay;
    expect(days).toHaveLength(30);
    // The seed's orders (its reviewers' among them) fall on some of these days too.
    const withSeeded = (day: string, cents: number, orders: number) => {
      const seededThen = seededSales.filter((o) => o.createdAt.slice(0, 10) === day);
      return {
        day,
        total: (cents + seededThen.reduce((sum, o) => sum + Math.round(o.totalPrice * 100), 0)) / 100,
        orders: orders + seededThen.length,
      };
    };
    expect(days[0]).toEqual(withSeeded(FIRST_DAY, 30, 2));
    expect(days[29]).toEqual(withSeeded('2026-03-15', 1999, 1));
    for (const day of days.slice(1, 29)) expect(day).toEqual(withSeeded(day.day, 0, 0));
    const seededCents = seededSales.reduce((sum, o) => sum + Math.round(o.totalPrice * 100), 0);
    expect(reply.body.sales).toEqual({ total: (seededCents + 102529) / 100, orders: seededSales.length + 5 });
  });
});
