CREATE TABLE products (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  brand       text NOT NULL,
  category    text NOT NULL,
  price       numeric(12, 2) NOT NULL CHECK (price >= 0),
  discount    integer NOT NULL DEFAULT 0 CHECK (discount BETWEEN 0 AND 100),
  stock       integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  description text NOT NULL,
  image       text NOT NULL,
  rank        numeric(3, 2) NOT NULL DEFAULT 0 CHECK (rank BETWEEN 0 AND 5),
  reviews     integer NOT NULL DEFAULT 0 CHECK (reviews >= 0),
  disable     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  shades      jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX products_name ON products (lower(name));

CREATE TABLE users (
  id         text PRIMARY KEY,
  username   text NOT NULL,
  email      text NOT NULL,
  type       text NOT NULL CHECK (type IN ('Admin', 'User', 'Banned', 'Blocked')),
  img        text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email ON users (lower(email));
CREATE UNIQUE INDEX users_username ON users (lower(username));

CREATE TABLE carts (
  id      serial PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE
);

CREATE TABLE cart_lines (
  cart_id    integer NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  quantity   integer NOT NULL CHECK (quantity > 0),
  position   integer NOT NULL,
  PRIMARY KEY (cart_id, product_id)
);

-- Orders outlive accounts: no foreign key to users, the email is kept as it was.
CREATE TABLE orders (
  id          serial PRIMARY KEY,
  user_id     text NOT NULL,
  user_email  text NOT NULL,
  status      text NOT NULL CHECK (status IN ('open', 'created', 'processing', 'approved', 'cancelled')),
  address     text NOT NULL,
  total_price numeric(12, 2) NOT NULL CHECK (total_price >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  payment_id  text NOT NULL UNIQUE,
  lines       jsonb NOT NULL
);
CREATE INDEX orders_user ON orders (user_id);

CREATE TABLE comments (
  id         serial PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  text       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_product ON comments (product_id);

CREATE TABLE favorites (
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE ratings (
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  rating     numeric(2, 1) NOT NULL CHECK (rating >= 0.5 AND rating <= 5),
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE payments (
  id         text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider   text NOT NULL CHECK (provider IN ('paypal', 'test')),
  amount     numeric(12, 2) NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
