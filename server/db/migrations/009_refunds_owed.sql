-- A refund owed is recorded (refunding) before the provider is asked, and
-- asked again until the provider confirms it (refunded). Each attempt is
-- claimed by stamping when it began, so one process at a time makes it.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('created', 'captured', 'fulfilled', 'refunding', 'refunded', 'failed'));
ALTER TABLE payments ADD COLUMN refund_attempt_at timestamptz;
CREATE INDEX payments_refunds_owed ON payments (refund_attempt_at) WHERE status = 'refunding';
