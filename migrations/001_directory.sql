-- The user and portfolio directory the consent page reads. A real deployment may point these
-- at the app's own tables behind the same query modules.
CREATE TABLE users (
  id            text PRIMARY KEY,
  email         text NOT NULL,
  name          text NOT NULL DEFAULT '',
  locale        text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'de')),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
-- Logins are case-insensitive on the email; one account per address.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE portfolios (
  id                 text PRIMARY KEY,
  user_id            text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name               text NOT NULL,
  currency           text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  calculation_method text NOT NULL CHECK (calculation_method IN ('fifo', 'lifo', 'moving_average')),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portfolios_user_id ON portfolios (user_id);
