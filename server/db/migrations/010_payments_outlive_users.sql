-- Payments are money records: like orders, they outlive the account that made
-- them, so deleting a user keeps its captured payments and owed refunds.
ALTER TABLE payments DROP CONSTRAINT payments_user_id_fkey;
