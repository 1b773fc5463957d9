import type { PaymentRow, PaymentStatus, PaymentStore } from '~/server/core/ports';
import type { Database } from '../db';
import { byId, where, type Entity } from './tables';

const toPayment = (e: Entity<'payment'>): PaymentRow => ({
  ...e,
  provider: e.provider as PaymentRow['provider'],
  status: e.status as PaymentStatus,
});

export function paymentStore(db: Database): PaymentStore {
  /** When each owed refund's latest attempt began, by payment id: a lease only (kept through a rollback, it merely delays a retry). */
  const refundAttempts = new Map<string, string>();
  /** When each payment was captured, by id (one inserted as captured counts from its creation). */
  const capturedAt = new Map<string, string>();
  /** When the shop last began capturing each payment, by id; a payment left created is stale from then, or from its creation when none began. */
  const captureStarts = new Map<string, string>();
  const staleFrom = (e: Entity<'payment'>) => Date.parse(captureStarts.get(e.id) ?? e.createdAt);

  const payments: PaymentStore = {
    async getPayment(id) {
      const e = db.payment.findFirst(byId(id));
      return e ? toPayment(e) : null;
    },
    async insertPayment(payment) {
      db.payment.create(payment);
      return payment;
    },
    async setPaymentStatus(id, status, from) {
      const e = db.payment.findFirst(byId(id));
      if (e?.status !== from) return false;
      db.payment.update({ ...byId(id), data: { status } } as never);
      return true;
    },
    async recordCapture(id, at) {
      if (!(await payments.setPaymentStatus(id, 'captured', 'created')) && !(await payments.setPaymentStatus(id, 'captured', 'failed')))
        return false;
      capturedAt.set(id, at);
      return true;
    },
    async startCapture(id, at) {
      if (db.payment.findFirst(byId(id))?.status !== 'created') return false;
      captureStarts.set(id, at);
      return true;
    },
    async staleCreatedPayments(provider, staleBefore) {
      return db.payment
        .findMany(where({ status: 'created', provider }))
        .filter((e) => staleFrom(e) < Date.parse(staleBefore))
        .sort((a, b) => staleFrom(a) - staleFrom(b) || a.id.localeCompare(b.id))
        .map((e) => e.id);
    },
    async settleStaleCreated(id, status, staleBefore) {
      const e = db.payment.findFirst(byId(id));
      if (!e || staleFrom(e) >= Date.parse(staleBefore)) return false;
      return payments.setPaymentStatus(id, status, 'created');
    },
    async oweStaleCaptures(capturedBefore) {
      const stale = db.payment
        .findMany(where({ status: 'captured' }))
        .filter(
          (e) =>
            Date.parse(capturedAt.get(e.id) ?? e.createdAt) < Date.parse(capturedBefore) && !db.order.findFirst(where({ paymentId: e.id })),
        );
      const owed: string[] = [];
      for (const e of stale) if (await payments.setPaymentStatus(e.id, 'refunding', 'captured')) owed.push(e.id);
      return owed;
    },
    async oweRefund(id, from, at) {
      if (!(await payments.setPaymentStatus(id, 'refunding', from))) return false;
      if (at !== null) refundAttempts.set(id, at);
      return true;
    },
    async claimOwedRefund(staleBefore, at) {
      const since = (id: string) => Date.parse(refundAttempts.get(id) ?? '1970-01-01T00:00:00Z');
      const owed = db.payment
        .findMany(where({ status: 'refunding' }))
        .filter((e) => since(e.id) < Date.parse(staleBefore))
        .sort((a, b) => since(a.id) - since(b.id))[0];
      if (!owed) return null;
      refundAttempts.set(owed.id, at);
      return owed.id;
    },
  };
  return payments;
}
