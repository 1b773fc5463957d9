import type { OperationId } from './contract';
import type { Context, Reply } from './context';
import { ApiError } from './errors';
import type { Store } from './ports';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key's reply is kept: a retry comes within minutes, an Admin back at a failed import within the day. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A digest of what was asked: a repeat sends the same operation and body. */
async function fingerprintOf(operation: OperationId, body: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify([operation, body])));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Runs a create in one transaction. Sent with a key (the user's
 * Idempotency-Key), the key is claimed and the reply kept in that same
 * transaction: a repeat with the same key and body, within the window,
 * answers the first reply and creates nothing; the key with another body is
 * 409 naming the header. A create that fails keeps nothing.
 */
export async function createOnce(
  ctx: Context,
  request: { userId: string; key: string | undefined; operation: OperationId; body: unknown },
  create: (tx: Store) => Promise<Reply>,
): Promise<Reply> {
  const { userId, key, operation, body } = request;
  if (key === undefined) return ctx.store.transaction(create);
  const fingerprint = await fingerprintOf(operation, body);
  const now = ctx.now();
  return ctx.store.transaction(async (tx) => {
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    const earlier = await tx.claimIdempotencyKey({ userId, key, fingerprint, at: now.toISOString() }, expiredBefore);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) throw new ApiError(409, `This ${IDEMPOTENCY_HEADER} was sent before with another request.`, IDEMPOTENCY_HEADER);
      return { status: earlier.status, body: earlier.body };
    }
    const reply = await create(tx);
    await tx.keepIdempotentReply(userId, key, reply);
    return reply;
  });
}
