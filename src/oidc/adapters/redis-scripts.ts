// Lua scripts of the Redis adapter. Redis runs a script atomically, which is what makes these
// check-then-set steps safe under concurrency. Each touches exactly the one key it declares.

/**
 * KEYS[1] artifact hash, ARGV[1] epoch seconds. Returns 1 when this call set the consumed mark,
 * 0 when the artifact is missing (expired, destroyed) or was consumed already. The EXISTS check
 * matters: HSETNX on a missing key would create a stray hash without a TTL.
 */
export const CONSUME_ARTIFACT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
return redis.call('HSETNX', KEYS[1], 'consumed', ARGV[1])
`;

/**
 * KEYS[1] grant index (sorted set of artifact keys scored by their expiry in ms, server clock),
 * ARGV[1] artifact key, ARGV[2] its TTL in ms or 0 for none. Drops members already expired, so
 * the set holds only live artifacts, then makes the set expire with its longest-lived member.
 */
export const ADD_TO_GRANT_INDEX = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local ttl = tonumber(ARGV[2])
local expiresAt = '+inf'
if ttl > 0 then expiresAt = now + ttl end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], expiresAt, ARGV[1])
local latest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]
if latest == 'inf' then redis.call('PERSIST', KEYS[1]) else redis.call('PEXPIREAT', KEYS[1], latest) end
return 1
`;

/**
 * KEYS[1] a lookup index, ARGV[1] the artifact id it should point at. Deletes the index only
 * if it still points there: a Session gets a new id under the same uid, and destroying the old
 * id must not break the lookup of the new one.
 */
export const DELETE_INDEX_IF_POINTING_AT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;
