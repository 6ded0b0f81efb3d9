-- Counters of the login throttle (src/throttle/) when no Redis is configured: the table that
-- rate-limiter-flexible's RateLimiterPostgres reads and writes (key, points, expire as epoch
-- milliseconds), created here so the server never runs DDL at run time (tableCreated: true).
-- Keys hold a hash of the email (never the email itself) or the client's IP address.
CREATE TABLE login_throttle (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
-- The library deletes expired rows every few minutes by this column.
CREATE INDEX login_throttle_expire ON login_throttle (expire);
