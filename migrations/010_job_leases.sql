-- Periodic jobs that one node at a time runs (the 30-day purge of deleted connections): one
-- lease row per job, taken and renewed with a conditional upsert, expiring by itself when its
-- holder dies. Not an advisory lock: the embedded PGlite shares one session between every
-- connection, where session locks do not exclude each other, and a transaction-level lock
-- cannot be held across a job that must not run inside one transaction.
CREATE TABLE job_leases (
  name       text PRIMARY KEY,
  holder     text NOT NULL,
  expires_at timestamptz NOT NULL
);
