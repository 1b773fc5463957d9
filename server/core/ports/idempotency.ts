/** A create sent with an Idempotency-Key: whose key, and what was asked (a digest of the operation and its body). */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  fingerprint: string;
  /** When it was asked (ISO). */
  at: string;
}

/** What a create sent with a key answered, kept for a repeat of it. */
export interface KeptReply {
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface IdempotencyStore {
  /**
   * Within a transaction: claims the user's key for the request, forgetting
   * every key claimed before `expiredBefore` (ISO); a concurrent claim of the
   * same key waits until this transaction ends. Answers null when claimed,
   * else the request that holds the key with its reply.
   */
  claimIdempotencyKey(claim: IdempotencyClaim, expiredBefore: string): Promise<KeptReply | null>;
  /** Keeps the reply of the request that claimed the user's key, in the same transaction as what it did. */
  keepIdempotentReply(userId: string, key: string, reply: { status: number; body?: unknown }): Promise<void>;
}
