-- When the shop last began asking the provider to capture a payment. The
-- refund rounds ask the provider about a payment left created only once
-- STALE_CAPTURE_MS have passed since then (since its creation when no capture
-- began): a capture under way is never failed under it, and one whose answer
-- was lost is settled by that lookup. Payments from before have none: their
-- created_at stands in.
ALTER TABLE payments ADD COLUMN capture_started_at timestamptz;
DROP INDEX payments_created;
CREATE INDEX payments_created ON payments (provider, (coalesce(capture_started_at, created_at))) WHERE status = 'created';
