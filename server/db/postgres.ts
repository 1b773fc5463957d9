import pg from 'pg';
import { ApiError } from '../core/errors';
import type { Sql } from './sql';

const { Pool } = pg;

/** How long a lost LISTEN connection waits before it tries again. */
const RELISTEN_MS = 500;
/** How long a query waits for a connection (a new one, or a free one of the pool) before it answers 503 instead of hanging. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** SQLSTATEs (connection exceptions, shutdown, starting up) and socket errors that mean the database cannot be reached now. */
const UNREACHABLE = /^(08...|57P0[1-3]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/;

/** SQLSTATEs of a transaction rolled back for its clash with another (deadlock, serialization failure): the same work may pass when run again. */
const CLASHED = /^(40P01|40001)$/;

/** A clash with another transaction, as the contract's 503: the caller may try again. */
class Clash extends ApiError {
  constructor() {
    super(503, 'The shop is busy right now. Please try again in a moment.');
  }
}

/** A lost database or a clash becomes the contract's 503, so a caller knows to try again; any other error is left as it is. */
function unavailableOr(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CLASHED.test(code)) return new Clash();
  // node-postgres gives its own "Connection terminated ...", "... not queryable" and connection timeout errors no code.
  const lost =
    typeof code === 'string'
      ? UNREACHABLE.test(code)
      : error instanceof Error && /^Connection terminated|not queryable|^timeout exceeded when trying to connect/.test(error.message);
  return lost ? new ApiError(503, 'The shop cannot reach its database right now. Please try again in a moment.') : error;
}

async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw unavailableOr(error);
  }
}

/**
 * Runs the attempt once more when PostgreSQL rolled it back for a clash:
 * nothing of it was committed. A transaction's work may so run twice, so it
 * must do nothing outside the database before its last statement.
 */
async function onceMoreOnClash<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof Clash)) throw error;
    return attempt();
  }
}

function onClient(client: pg.PoolClient): Sql {
  const sql: Sql = {
    async query(text, params = []) {
      return (await guarded(client.query(text, [...params]))).rows;
    },
    exec: async (text) => void (await guarded(client.query(text))),
    listen: () => Promise.reject(new Error('LISTEN inside a transaction')),
    transaction: (work) => work(sql),
    close: async () => {},
  };
  return sql;
}

/** PostgreSQL through a pool; every transaction on one pooled connection. */
export function openPostgres(connectionString: string, onError: (error: Error) => void): Sql {
  const pool = new Pool({ connectionString, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', onError);
  let closed: Promise<void> | undefined;
  return {
    async query(text, params = []) {
      return (await onceMoreOnClash(() => guarded(pool.query(text, [...params])))).rows;
    },
    exec: async (text) => void (await guarded(pool.query(text))),
    async listen(channel, onPayload, onResume) {
      let current: { client: pg.PoolClient; release(error?: Error): void } | undefined;
      let stopped = false;
      // A connection of its own, held for as long as we listen; a lost one is replaced, and onResume told.
      const subscribe = async () => {
        const client = await pool.connect();
        let released = false;
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          client.release(error);
        };
        client.on('notification', (message) => message.channel === channel && onPayload(message.payload ?? ''));
        // A checked-out client's error would otherwise end the process; 'end' follows it.
        client.on('error', onError);
        client.once('end', () => {
          release(new Error('LISTEN connection lost'));
          if (current?.client !== client) return;
          current = undefined;
          if (!stopped) void resubscribe();
        });
        try {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          release(error as Error);
          throw error;
        }
        current = { client, release };
      };
      const resubscribe = async () => {
        while (!stopped) {
          await new Promise((resolve) => setTimeout(resolve, RELISTEN_MS));
          if (stopped) return;
          try {
            await subscribe();
            if (!stopped) return onResume();
            current?.release();
            current = undefined;
            return;
          } catch {
            // Still unreachable: try again.
          }
        }
      };
      await subscribe();
      return async () => {
        stopped = true;
        const listening = current;
        current = undefined;
        if (!listening) return;
        await listening.client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        listening.release();
      };
    },
    transaction: (work) => onceMoreOnClash(() => transaction(work)),
    // A second close (a second signal, say) waits for the first: pool.end() twice throws.
    close: () => (closed ??= pool.end()),
  };

  async function transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await guarded(pool.connect());
    // A connection lost between two statements would otherwise end the process; the next statement fails instead.
    client.on('error', onError);
    try {
      await guarded(client.query('BEGIN'));
      const result = await work(onClient(client));
      await guarded(client.query('COMMIT'));
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onError);
      client.release();
    }
  }
}
