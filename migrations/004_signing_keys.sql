-- Token signing keys, generated on first start so every node of a deployment signs with the
-- same keys. The newest key signs; older ones stay published for verification.
CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  alg         text NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
