-- What a connection may do as a whole, beside its per-portfolio permissions: the scopes the
-- user granted (portfolio:write may be granted without write on any portfolio, to create
-- portfolios) and those the integration asked for at the last consent (the account page never
-- offers more than was asked). last_used_at feeds the connected-apps page.
ALTER TABLE installations
  ADD COLUMN scopes           text[] NOT NULL DEFAULT '{}',
  ADD COLUMN requested_scopes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN last_used_at     timestamptz;
CREATE INDEX installations_deleted_at ON installations (deleted_at) WHERE state = 'deleted';
CREATE INDEX installations_user_id ON installations (user_id);
