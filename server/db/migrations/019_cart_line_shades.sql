-- A cart line is a product in a shade: two shades of one product are two
-- lines. A line of a product without shades names none (NULL), and NULLS NOT
-- DISTINCT keeps one such line a product. A line of a product with shades
-- takes its first shade in stock, else its first. No foreign key to the
-- shade: a line whose shade an Admin removes stays until the next read of its
-- cart, which tells the shopper and then deletes it (server/core/operations/cart.ts).
ALTER TABLE cart_lines ADD COLUMN shade_id integer;

UPDATE cart_lines l SET shade_id = (
  SELECT s.id FROM product_shades s WHERE s.product_id = l.product_id ORDER BY s.stock = 0, s.position, s.id LIMIT 1
);

ALTER TABLE cart_lines DROP CONSTRAINT cart_lines_pkey;
CREATE UNIQUE INDEX cart_lines_line ON cart_lines (cart_id, product_id, shade_id) NULLS NOT DISTINCT;
