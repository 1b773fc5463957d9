import type { IdempotencyStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, json, strict } from './tables';

export function idempotencyStore(db: Database): IdempotencyStore {
  return {
    async claimIdempotencyKey({ userId, key, fingerprint, at }, expiredBefore) {
      for (const e of db.idempotencyKey.getAll())
        if (Date.parse(e.createdAt) < Date.parse(expiredBefore)) db.idempotencyKey.delete(byId(e.id));
      const id = `${userId}\u0000${key}`;
      const held = db.idempotencyKey.findFirst(byId(id));
      if (held) return { fingerprint: held.fingerprint, status: held.status, body: json(held.body) };
      // Transactions here run one at a time: a concurrent claim finds this one's row with its reply.
      db.idempotencyKey.create({ id, fingerprint, createdAt: at, status: 0, body: 'null' });
      return null;
    },
    async keepIdempotentReply(userId, key, reply) {
      db.idempotencyKey.update({
        ...byId(`${userId}\u0000${key}`),
        data: { status: reply.status, body: JSON.stringify(reply.body ?? null) },
        ...strict,
      } as never);
    },
  };
}
