-- The ratings a product came with (the seeded catalogue's), kept apart so the shop's own ratings add to them instead of replacing them.
ALTER TABLE products
  ADD COLUMN base_rank    numeric(3, 2) NOT NULL DEFAULT 0 CHECK (base_rank BETWEEN 0 AND 5),
  ADD COLUMN base_reviews integer NOT NULL DEFAULT 0 CHECK (base_reviews >= 0);

-- A product nobody rated in the shop yet still shows what it came with; once rated, those figures were already lost.
UPDATE products p SET base_rank = rank, base_reviews = reviews
  WHERE NOT EXISTS (SELECT 1 FROM ratings r WHERE r.product_id = p.id);
