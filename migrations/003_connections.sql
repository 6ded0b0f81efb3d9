-- What users granted: one installation per user x integration connection, and its
-- per-portfolio permissions (exactly the permissions array of GET /user).
CREATE TABLE installations (
  id         text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  client_id  text NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  state      text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'deleted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK ((state = 'deleted') = (deleted_at IS NOT NULL))
);
-- At most one live connection per user and integration; deleted ones stay until purged.
CREATE UNIQUE INDEX installations_active_key ON installations (user_id, client_id) WHERE state = 'active';

CREATE TABLE permissions (
  installation_id text NOT NULL REFERENCES installations (id) ON DELETE CASCADE,
  portfolio_id    text NOT NULL REFERENCES portfolios (id) ON DELETE CASCADE,
  action          text NOT NULL CHECK (action IN ('read', 'write')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (installation_id, portfolio_id, action)
);
CREATE INDEX permissions_portfolio_id ON permissions (portfolio_id);
