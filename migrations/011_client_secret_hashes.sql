-- Client secrets are kept only as SHA-256 digests, so a dump of the database cannot
-- authenticate as any client. A plain digest suffices (no slow password hash): every secret is
-- 256 random bits (src/ids.ts), far beyond any brute force. One row per secret: the current one
-- (expires_at NULL) and, after `clients rotate-secret`, the previous ones until their overlap
-- ends. Existing plaintext secrets move here and their column goes.
CREATE TABLE client_secrets (
  client_id   text NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  secret_hash text NOT NULL CHECK (secret_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz,
  PRIMARY KEY (client_id, secret_hash)
);
CREATE UNIQUE INDEX client_secrets_current_key ON client_secrets (client_id) WHERE expires_at IS NULL;

INSERT INTO client_secrets (client_id, secret_hash, created_at)
  SELECT client_id, encode(sha256(convert_to(client_secret, 'UTF8')), 'hex'), created_at
  FROM clients WHERE client_secret IS NOT NULL;

-- Also drops the CHECK of 002 that tied resource servers to a secret column.
ALTER TABLE clients DROP COLUMN client_secret;

-- The same change of the client registry: an integration registered with --require-par must
-- push its authorization requests (RFC 9126 section 6, oidc-provider's
-- require_pushed_authorization_requests client metadata).
ALTER TABLE clients ADD COLUMN require_par boolean NOT NULL DEFAULT false;
