-- oidc-provider models (sessions, interactions, codes, tokens, grants) when no Redis is
-- configured. consumed_at is set by one atomic UPDATE so a code is redeemed once.
CREATE TABLE oidc_artifacts (
  model       text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  grant_id    text,
  uid         text,
  expires_at  timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_artifacts_grant_id ON oidc_artifacts (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_artifacts_uid ON oidc_artifacts (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_artifacts_expires_at ON oidc_artifacts (expires_at) WHERE expires_at IS NOT NULL;
