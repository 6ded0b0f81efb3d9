// Concurrency at the token endpoint (issue 4, item 2). An authorization code is redeemed once
// (RFC 6749 section 4.1.2) even when 50 requests race for it, 100 times over: the adapters
// consume atomically (Postgres: conditional UPDATE; Redis: a Lua script). Parallel refreshes
// with one refresh token all get the same pair (the grace window, refresh-rotation.test.ts).
// scripts/stress-code-redemption.ts runs the same races longer and wider.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createWorld, exchangeCode, authorizationRequest, authorize, shareMainWrite, type World } from '../helpers/flow.ts';
import { Browser } from '../helpers/browser.ts';
import { issueCode, raceCodeRedemptions, raceRefreshes } from '../helpers/races.ts';

// 100 rounds on PostgreSQL (the CI run with DATABASE_URL and REDIS_URL, and production's
// shape); the embedded PGlite serves one query at a time, so there 20 rounds prove the same
// atomic consume in a fifth of the time. scripts/stress-code-redemption.ts goes further.
const ROUNDS = process.env.DATABASE_URL ? 100 : 20;
const PARALLEL = 50;
const REFRESH_ROUNDS = 10;
const REFRESH_PARALLEL = 20;

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

test(`attack: ${PARALLEL} parallel redemptions of one code, ${ROUNDS} times: exactly one succeeds each time`, async () => {
  const browser = new Browser();
  for (let round = 1; round <= ROUNDS; round += 1) {
    const { results } = await raceCodeRedemptions(t, world, await issueCode(t, world, browser), PARALLEL);
    const winners = results.filter((result) => result.status === 200);
    assert.equal(winners.length, 1, `round ${round}: ${winners.length} successes`);
    assert.ok(winners[0]!.accessToken, `round ${round}: the winner got an access token`);
    const losers = results.filter((result) => result.status !== 200);
    assert.deepEqual(new Set(losers.map((loser) => `${loser.status} ${loser.error}`)), new Set(['400 invalid_grant']), `round ${round}`);
    assert.ok(losers.every((loser) => !loser.accessToken));
  }
});

test(`${REFRESH_PARALLEL} parallel refreshes with one token, ${REFRESH_ROUNDS} rotations in a row: one new pair each time`, async () => {
  const request = await authorizationRequest(t, world.clientId, { prompt: 'consent' });
  let refreshToken = (await exchangeCode(world, (await authorize(t, world, request, shareMainWrite(world))).url, request)).refresh_token!;
  for (let round = 1; round <= REFRESH_ROUNDS; round += 1) {
    const { results } = await raceRefreshes(t, world, refreshToken, REFRESH_PARALLEL);
    assert.deepEqual(new Set(results.map((result) => result.status)), new Set([200]), `round ${round}: ${JSON.stringify(results.map((r) => r.error))}`);
    const pairs = new Set(results.map((result) => `${result.accessToken} ${result.refreshToken}`));
    assert.equal(pairs.size, 1, `round ${round}: ${pairs.size} different pairs`);
    refreshToken = results[0]!.refreshToken!;
  }
});
