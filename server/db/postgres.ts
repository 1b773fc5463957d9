import pg from 'pg';
import type { Sql } from './sql';

const { Pool } = pg;

function onClient(client: pg.PoolClient): Sql {
  const sql: Sql = {
    async query(text, params = []) {
      return (await client.query(text, [...params])).rows;
    },
    exec: async (text) => void (await client.query(text)),
    listen: () => Promise.reject(new Error('LISTEN inside a transaction')),
    transaction: (work) => work(sql),
    close: async () => {},
  };
  return sql;
}

/** PostgreSQL through a pool; every transaction on one pooled connection. */
export function openPostgres(connectionString: string, onError: (error: Error) => void): Sql {
  const pool = new Pool({ connectionString, max: 10 });
  pool.on('error', onError);
  return {
    async query(text, params = []) {
      return (await pool.query(text, [...params])).rows;
    },
    exec: async (text) => void (await pool.query(text)),
    async listen(channel, onPayload) {
      // A connection of its own, held for as long as we listen.
      const client = await pool.connect();
      client.on('notification', (message) => message.channel === channel && onPayload(message.payload ?? ''));
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release();
      };
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
