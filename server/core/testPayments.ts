import type { PaymentProvider } from './ports';

const PREFIX = 'TEST-';

/**
 * The local test payment provider: no money moves. The payment id carries
 * its amount, so any server process can capture it; every capture succeeds.
 * A refund gives nothing back, so a repeated one is as harmless as PayPal's.
 */
export function createTestPayments(): PaymentProvider {
  return {
    name: 'test',
    async create(amount) {
      return `${PREFIX}${crypto.randomUUID()}-${Math.round(amount * 100)}`;
    },
    async capture(id) {
      const cents = /^TEST-[0-9a-f-]{36}-(\d+)$/.exec(id)?.[1];
      return cents === undefined ? null : { amount: Number(cents) / 100, currency: 'USD' };
    },
    async refund() {},
  };
}
