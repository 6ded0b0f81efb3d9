-- Registered OAuth clients: integrations (authorization code + PKCE) and resource servers
-- (introspection and revocation only). Redirect URIs are stored exactly as registered.
CREATE TABLE clients (
  client_id     text PRIMARY KEY,
  kind          text NOT NULL CHECK (kind IN ('integration', 'resource_server')),
  name          text NOT NULL,
  client_secret text,
  redirect_uris text[] NOT NULL DEFAULT '{}',
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'integration' OR client_secret IS NOT NULL)
);
