import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Sql } from './sql';

function inTransaction(tx: Transaction): Sql {
  const sql: Sql = {
    async query(text, params = []) {
      return (await tx.query(text, [...params])).rows as never;
    },
    exec: async (text) => void (await tx.exec(text)),
    listen: () => Promise.reject(new Error('LISTEN inside a transaction')),
    transaction: (work) => work(sql),
    close: async () => {},
  };
  return sql;
}

/** Embedded PostgreSQL (PGlite) with its files under dataDir, or in memory without one, with pg_trgm for name search. One connection: transactions queue. */
export async function openPglite(dataDir?: string): Promise<Sql> {
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  return {
    async query(text, params = []) {
      return (await db.query(text, [...params])).rows as never;
    },
    exec: async (text) => void (await db.exec(text)),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    transaction: (work) => db.transaction((tx) => work(inTransaction(tx))),
    close: () => db.close(),
  };
}
