-- The refresh token grace window (src/oidc/refresh-grace/) when no Redis is configured: per
-- rotated refresh token, a lease while its first request is at oidc-provider, then that
-- request's response for REFRESH_GRACE_SECONDS, so parallel refreshes receive the same tokens.
-- slot is derived from the refresh token (HKDF), never the token; sealed is AES-256-GCM under
-- a key derived from the token, NULL while leased: a dump of this table yields no tokens.
CREATE TABLE refresh_grace (
  slot       text PRIMARY KEY,
  sealed     bytea,
  expires_at timestamptz NOT NULL
);
CREATE INDEX refresh_grace_expires_at ON refresh_grace (expires_at);
