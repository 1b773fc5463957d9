-- Each refund round asks the provider about the payments left created for
-- long (a capture whose answer was lost stays created): found by this index
-- without reading the settled payments.
CREATE INDEX payments_created ON payments (provider, created_at) WHERE status = 'created';
