-- Security-relevant events, kept for operators: logins, consents, deletions, purges,
-- permissions added by API servers. Rows are never updated.
CREATE TABLE audit_events (
  id              bigserial PRIMARY KEY,
  occurred_at     timestamptz NOT NULL DEFAULT now(),
  type            text NOT NULL,
  user_id         text,
  client_id       text,
  installation_id text,
  ip              text,
  details         jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_events_user_id ON audit_events (user_id, occurred_at);
CREATE INDEX audit_events_occurred_at ON audit_events (occurred_at);
