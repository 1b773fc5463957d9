import type { OperationId } from './contract';
import type { Context, Reply } from './context';
import { ApiError } from './errors';
import type { Store } from './ports';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key's reply is kept: a retry comes within minutes, an Admin back at a failed import within the day. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** JSON with every object's keys sorted: the same value, whatever order its keys came in, gives the same text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, field: unknown) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/** A digest of what was asked: a repeat asks the same operation to make the same thing. */
async function fingerprintOf(operation: OperationId, made: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson([operation, made])));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One UUID, one key: RFC 9562 compares UUIDs ignoring case, and the
 * contract's uuid format also takes the `urn:uuid:` URN of it.
 */
const keyOf = (sent: string) => sent.toLowerCase().replace(/^urn:uuid:/, '');

/**
 * Runs a create in one transaction. Sent with a key (the user's
 * Idempotency-Key), the key is claimed and the reply kept in that same
 * transaction: a repeat with the same key asking to make the same thing
 * (`made`: the checked body with its defaults, not its text), within the
 * window, answers the first reply and creates nothing; the key asking
 * anything else is 409 naming the header. A create that fails keeps nothing.
 */
export async function createOnce(
  ctx: Context,
  request: { userId: string; key: string | undefined; operation: OperationId; made: unknown },
  create: (tx: Store) => Promise<Reply>,
): Promise<Reply> {
  const { userId, operation, made } = request;
  if (request.key === undefined) return ctx.store.transaction(create);
  const key = keyOf(request.key);
  const fingerprint = await fingerprintOf(operation, made);
  const now = ctx.now();
  return ctx.store.transaction(async (tx) => {
    const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
    const earlier = await tx.claimIdempotencyKey({ userId, key, fingerprint, at: now.toISOString() }, expiredBefore);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        throw new ApiError(409, `This ${IDEMPOTENCY_HEADER} was sent before with another request.`, IDEMPOTENCY_HEADER);
      return { status: earlier.status, body: earlier.body };
    }
    const reply = await create(tx);
    await tx.keepIdempotentReply(userId, key, reply);
    return reply;
  });
}
