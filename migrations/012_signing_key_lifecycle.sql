-- Signing keys get a lifecycle and are sealed at rest. `keys rotate` adds a key that signs from
-- activates_at (later than now when published first, as oidc-provider recommends for rolling
-- restarts); the keys it replaces stay published until retires_at, when every token they signed
-- has expired, and are deleted after it. With KEYS_ENCRYPTION_KEY set, the private key is kept
-- only as an AES-256-GCM envelope (sealed_private_jwk) and private_jwk is NULL.
ALTER TABLE signing_keys
  ALTER COLUMN private_jwk DROP NOT NULL,
  ADD COLUMN sealed_private_jwk text,
  ADD COLUMN activates_at timestamptz,
  ADD COLUMN retires_at timestamptz;

UPDATE signing_keys SET activates_at = created_at;

ALTER TABLE signing_keys
  ALTER COLUMN activates_at SET NOT NULL,
  ALTER COLUMN activates_at SET DEFAULT now(),
  ADD CHECK ((private_jwk IS NULL) <> (sealed_private_jwk IS NULL));
