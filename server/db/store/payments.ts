import type { PaymentRow, PaymentStatus, PaymentStore } from '~/server/core/ports';
import type { Sql } from '../sql';
import { iso, rowReader, type Row } from './rows';

const toPayment = (r: Row): PaymentRow => ({
  id: String(r.id),
  userId: String(r.user_id),
  provider: r.provider as PaymentRow['provider'],
  amount: Number(r.amount),
  status: r.status as PaymentStatus,
  createdAt: iso(r.created_at),
});

export function paymentStore(sql: Sql): PaymentStore {
  const { one, existing } = rowReader(sql);
  return {
    getPayment: (id) => one(toPayment, 'SELECT * FROM payments WHERE id = $1', [id]),
    async insertPayment(payment) {
      return existing(
        toPayment,
        'INSERT INTO payments (id, user_id, provider, amount, status, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [payment.id, payment.userId, payment.provider, payment.amount, payment.status, payment.createdAt],
      );
    },
    async setPaymentStatus(id, status, from) {
      const rows = await sql.query('UPDATE payments SET status = $2 WHERE id = $1 AND status = $3 RETURNING id', [id, status, from]);
      return rows.length === 1;
    },
    async recordCapture(id, at) {
      const rows = await sql.query(
        "UPDATE payments SET status = 'captured', captured_at = $2 WHERE id = $1 AND status IN ('created', 'failed') RETURNING id",
        [id, at],
      );
      return rows.length === 1;
    },
    async startCapture(id, at) {
      const rows = await sql.query("UPDATE payments SET capture_started_at = $2 WHERE id = $1 AND status = 'created' RETURNING id", [
        id,
        at,
      ]);
      return rows.length === 1;
    },
    async staleCreatedPayments(provider, staleBefore) {
      const rows = await sql.query<{ id: string }>(
        `SELECT id FROM payments WHERE status = 'created' AND provider = $1 AND coalesce(capture_started_at, created_at) < $2
         ORDER BY coalesce(capture_started_at, created_at), id`,
        [provider, staleBefore],
      );
      return rows.map((r) => r.id);
    },
    async settleStaleCreated(id, status, staleBefore) {
      // A capture begun meanwhile moved capture_started_at on: the row no longer matches, and the capture's outcome settles it.
      const rows = await sql.query(
        "UPDATE payments SET status = $2 WHERE id = $1 AND status = 'created' AND coalesce(capture_started_at, created_at) < $3 RETURNING id",
        [id, status, staleBefore],
      );
      return rows.length === 1;
    },
    async oweStaleCaptures(capturedBefore) {
      // A row an order is being made for waits here for that transaction, then is no longer captured.
      const rows = await sql.query<{ id: string }>(
        `UPDATE payments SET status = 'refunding'
         WHERE status = 'captured' AND coalesce(captured_at, created_at) < $1
           AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.payment_id = payments.id)
         RETURNING id`,
        [capturedBefore],
      );
      return rows.map((r) => r.id);
    },
    async oweRefund(id, from, at) {
      const rows = await sql.query(
        "UPDATE payments SET status = 'refunding', refund_attempt_at = $3 WHERE id = $1 AND status = $2 RETURNING id",
        [id, from, at],
      );
      return rows.length === 1;
    },
    async claimOwedRefund(staleBefore, at) {
      // The outer condition is checked again on the row as a concurrent claim left it, so a row claimed meanwhile is not claimed twice.
      const rows = await sql.query<{ id: string }>(
        `UPDATE payments SET refund_attempt_at = $2
         WHERE id = (SELECT id FROM payments WHERE status = 'refunding' AND (refund_attempt_at IS NULL OR refund_attempt_at < $1)
                     ORDER BY refund_attempt_at NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED)
           AND status = 'refunding' AND (refund_attempt_at IS NULL OR refund_attempt_at < $1)
         RETURNING id`,
        [staleBefore, at],
      );
      return rows[0]?.id ?? null;
    },
  };
}
