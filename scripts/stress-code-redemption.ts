// Stress test of the token endpoint's races, longer and wider than test/security/concurrency.test.ts:
// each round redeems one fresh authorization code with --parallel requests at once (exactly one
// may succeed), and with --refresh also races --parallel refreshes of one refresh token (all
// must receive the same pair). Prints counts and timings; exits 1 if any round broke the rule.
//
//   node_modules/.bin/node scripts/stress-code-redemption.ts [--rounds 500] [--parallel 100] [--refresh]
//
// Runs a real server on the storage of the environment, as the tests do: embedded PGlite by
// default, DATABASE_URL for PostgreSQL, REDIS_URL for Redis artifacts.
import { parseArgs } from 'node:util';
import { startTestServer, type TestServer } from '../test/helpers/server.ts';
import { createWorld, type World } from '../test/helpers/flow.ts';
import { Browser } from '../test/helpers/browser.ts';
import { issueCode, raceCodeRedemptions, raceRefreshes, type RaceOutcome } from '../test/helpers/races.ts';

const { values: options } = parseArgs({
  options: {
    rounds: { type: 'string', default: '500' },
    parallel: { type: 'string', default: '100' },
    refresh: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(options.rounds);
const PARALLEL = Number(options.parallel);

interface Tally {
  readonly name: string;
  readonly roundMs: number[];
  readonly outcomes: Map<string, number>;
  brokenRounds: number;
}

function newTally(name: string): Tally {
  return { name, roundMs: [], outcomes: new Map(), brokenRounds: 0 };
}

function count(tally: Tally, outcome: RaceOutcome, broken: boolean): void {
  tally.roundMs.push(outcome.elapsedMs);
  for (const result of outcome.results) {
    const key = `${result.status} ${result.error}`;
    tally.outcomes.set(key, (tally.outcomes.get(key) ?? 0) + 1);
  }
  if (broken) tally.brokenRounds += 1;
}

async function codeRound(t: TestServer, world: World, browser: Browser, tally: Tally): Promise<void> {
  const outcome = await raceCodeRedemptions(t, world, await issueCode(t, world, browser), PARALLEL);
  const winners = outcome.results.filter((result) => result.status === 200).length;
  const strayLosers = outcome.results.some((result) => result.status !== 200 && result.error !== 'invalid_grant');
  count(tally, outcome, winners !== 1 || strayLosers);
}

/** Races refreshes of the token the code just gave; returns nothing, counts into the tally. */
async function refreshRound(t: TestServer, world: World, browser: Browser, tally: Tally): Promise<void> {
  const { code, verifier } = await issueCode(t, world, browser);
  const exchanged = await raceCodeRedemptions(t, world, { code, verifier }, 1);
  const refreshToken = exchanged.results[0]?.refreshToken;
  if (!refreshToken) throw new Error(`code exchange failed: ${JSON.stringify(exchanged.results[0])}`);
  const outcome = await raceRefreshes(t, world, refreshToken, PARALLEL);
  const pairs = new Set(outcome.results.map((result) => `${result.status} ${result.accessToken} ${result.refreshToken}`));
  count(tally, outcome, pairs.size !== 1 || outcome.results[0]?.status !== 200);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(tally: Tally, totalMs: number): void {
  const sorted = [...tally.roundMs].sort((a, b) => a - b);
  const requests = sorted.length * PARALLEL;
  console.log(`\n${tally.name}: ${sorted.length} rounds x ${PARALLEL} parallel = ${requests} requests`);
  for (const [outcome, n] of [...tally.outcomes].sort()) console.log(`  ${outcome.padEnd(28)} ${n}`);
  console.log(`  round ms: p50 ${percentile(sorted, 50).toFixed(0)}, p95 ${percentile(sorted, 95).toFixed(0)}, max ${(sorted.at(-1) ?? 0).toFixed(0)}`);
  console.log(`  ${(requests / (totalMs / 1000)).toFixed(0)} requests/s over ${(totalMs / 1000).toFixed(1)} s (code issuance included)`);
  console.log(`  broken rounds: ${tally.brokenRounds}`);
}

async function run(name: string, round: (t: TestServer, world: World, browser: Browser, tally: Tally) => Promise<void>, t: TestServer): Promise<Tally> {
  const world = await createWorld(t);
  const browser = new Browser();
  const tally = newTally(name);
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) await round(t, world, browser, tally);
  report(tally, performance.now() - started);
  return tally;
}

const t = await startTestServer();
try {
  const storage = `${t.config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}${t.config.redisUrl ? ' + Redis' : ''}`;
  console.log(`stress on ${storage}: ${ROUNDS} rounds, ${PARALLEL} parallel requests each`);
  const tallies = [await run('code redemption (exactly one 200 per round)', codeRound, t)];
  if (options.refresh) tallies.push(await run('refresh (one pair for all, per round)', refreshRound, t));
  process.exitCode = tallies.some((tally) => tally.brokenRounds > 0) ? 1 : 0;
} finally {
  await t.close();
}
