-- When a payment was captured: one captured long ago with no order (its
-- shopper never came back after a crash between the capture and the order)
-- is owed its refund. Payments captured before this have none: their
-- created_at stands in.
ALTER TABLE payments ADD COLUMN captured_at timestamptz;
CREATE INDEX payments_captured ON payments (captured_at) WHERE status = 'captured';
