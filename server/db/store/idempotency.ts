import type { IdempotencyStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { json } from './rows';

export function idempotencyStore(sql: Sql): IdempotencyStore {
  return {
    async claimIdempotencyKey({ userId, key, fingerprint, at }, expiredBefore) {
      await sql.query('DELETE FROM idempotency_keys WHERE created_at < $1', [expiredBefore]);
      // A concurrent claim of the key waits here for that transaction: then finds its row, or, rolled back, none.
      const claimed = await sql.query(
        'INSERT INTO idempotency_keys (user_id, key, fingerprint, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, key) DO NOTHING RETURNING key',
        [userId, key, fingerprint, at],
      );
      if (claimed.length === 1) return null;
      const [held] = await sql.query<{ fingerprint: string; status: number; body: unknown }>(
        'SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      return { fingerprint: held!.fingerprint, status: Number(held!.status), body: json(held!.body) };
    },
    async keepIdempotentReply(userId, key, reply) {
      await sql.query('UPDATE idempotency_keys SET status = $3, body = $4 WHERE user_id = $1 AND key = $2', [
        userId,
        key,
        reply.status,
        JSON.stringify(reply.body ?? null),
      ]);
    },
  };
}
