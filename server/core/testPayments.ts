import type { PaymentProvider } from './ports';

const PREFIX = 'TEST-';

/** How many captures a test provider remembers for its lookups, the oldest forgotten first. */
const REMEMBERED_CAPTURES = 10_000;

/**
 * The local test payment provider: no money moves. The payment id carries
 * its amount, so any server process can capture it; every capture succeeds.
 * A refund gives nothing back, so a repeated one is as harmless as PayPal's.
 * Only the process that captured a payment knows it did: asked by another
 * (or after a restart), the provider holds no capture of it.
 */
export function createTestPayments(): PaymentProvider {
  const captured = new Set<string>();
  return {
    name: 'test',
    async create(amount) {
      return `${PREFIX}${crypto.randomUUID()}-${Math.round(amount * 100)}`;
    },
    async capture(id) {
      const cents = /^TEST-[0-9a-f-]{36}-(\d+)$/.exec(id)?.[1];
      if (cents === undefined) return { kind: 'refused' };
      captured.add(id);
      if (captured.size > REMEMBERED_CAPTURES) captured.delete(captured.values().next().value!);
      return { kind: 'completed', money: { amount: Number(cents) / 100, currency: 'USD' } };
    },
    async refund() {},
    async wasCaptured(id) {
      return captured.has(id);
    },
  };
}
