-- Sessions of the connected-apps pages (/account), separate from oidc-provider's: the cookie
-- holds a random id, the table only its SHA-256, so a database dump cannot be replayed.
CREATE TABLE account_sessions (
  id_hash      text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);
CREATE INDEX account_sessions_user_id ON account_sessions (user_id);
CREATE INDEX account_sessions_expires_at ON account_sessions (expires_at);
