// Malformed input (issue #4, item 9): thousands of random and malformed requests to every
// endpoint, from a seeded generator (test/helpers/fuzz/). Every answer must be a 4xx or less,
// carry no stack trace or internal path, and the server must still serve a whole flow after.
// Repeat a run with FUZZ_SEED=<printed seed>; scale it with FUZZ_COUNT=<requests>.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, authorize, createWorld, exchangeCode, introspect, shareMainWrite, type World } from '../helpers/flow.ts';
import { sendRaw, type RawResponse } from '../helpers/raw-http.ts';
import { Random, chooseSeed } from '../helpers/fuzz/random.ts';
import { generateRequest, type FuzzRequest } from '../helpers/fuzz/generate.ts';
import { prepareTargets } from '../helpers/fuzz/targets.ts';
import type { FuzzTargets } from '../helpers/fuzz/endpoints.ts';

const DEFAULT_COUNT = 4000;
const PARALLEL = 12;
const MAX_REPORTED = 15;

/** What must never reach a client: stack frames, internal paths, the names of internal errors. */
const LEAKS: readonly RegExp[] = [
  /^\s*at .*(:\d+:\d+\)?$|\(<anonymous>\)|\(node:)/m, /\w*Error: [^\n]*\n\s+at /,
  /\/work\//, /node_modules/, new RegExp(escape(process.cwd())), /file:\/\//,
  /\b(TypeError|SyntaxError|RangeError|ReferenceError|URIError|AggregateError)\b/, /ECONN\w+|EPIPE/,
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let t: TestServer;
let world: World;
let targets: FuzzTargets;
const serverErrors: string[] = [];

before(async () => {
  // Every fuzz request comes from one address: at scale (FUZZ_COUNT) the per-IP sign-in throttle
  // would refuse the closing flow's sign-in (brute-force.test.ts tests that throttle).
  t = await startTestServer({ LOGIN_IP_ATTEMPTS: '86400' });
  world = await createWorld(t);
  targets = await prepareTargets(t, world);
  const record = (error: NodeJS.ErrnoException, ctx?: { method: string; url: string }) => {
    if (isClientFault(error)) return;
    serverErrors.push(`${ctx?.method} ${ctx?.url.slice(0, 120)}: ${error.stack?.split('\n').slice(0, 3).join(' | ') ?? String(error)}`);
  };
  // Koa's own event (the provider's typings list only oidc-provider's events).
  (t.server.provider as unknown as EventEmitter).on('error', record);
  t.server.provider.on('server_error', (ctx: { method: string; url: string }, error: Error) => record(error, ctx));
});
after(() => t?.close());

/**
 * Koa reports errors of the connection too (through on-finished): the client broke the framing
 * (llhttp's HPE_* codes) or went away mid-request. Node has answered 400 itself, or there is
 * nobody left to answer; they are not errors of the server.
 */
function isClientFault(error: NodeJS.ErrnoException): boolean {
  return error.code?.startsWith('HPE_') === true || error.code === 'ECONNRESET' || error.message === 'aborted';
}

function problemsOf(response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status === 0 && !response.gaveUp) problems.push(`no HTTP answer (${response.socketError ?? 'closed'}): ${JSON.stringify(response.body.slice(0, 200))}`);
  if (response.status >= 500) problems.push(`status ${response.status}`);
  const text = `${JSON.stringify(response.headers)}\n${response.body}`;
  for (const leak of LEAKS) if (leak.test(text)) problems.push(`leak ${leak}: ${text.slice(0, 300)}`);
  return problems;
}

async function fuzz(count: number, random: Random): Promise<{ failures: string[]; statuses: Map<number, number> }> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let index = 0;
  const worker = async () => {
    while (index < count) {
      const at = index;
      index += 1;
      const request: FuzzRequest = generateRequest(random, targets);
      const response = await sendRaw(t.url, request).catch((error: Error) => ({ status: 0, headers: {}, body: '', socketError: error.message }));
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      for (const problem of problemsOf(response)) failures.push(`#${at} ${request.label}: ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { failures, statuses };
}

test('attack: thousands of malformed requests to every endpoint get no 5xx, no stack trace, and the server stays up', async (context) => {
  const seed = chooseSeed(process.env.FUZZ_SEED);
  const count = Number(process.env.FUZZ_COUNT) || DEFAULT_COUNT;
  context.diagnostic(`FUZZ_SEED=${seed} FUZZ_COUNT=${count}`);
  const started = Date.now();
  const { failures, statuses } = await fuzz(count, new Random(seed));
  context.diagnostic(`${count} requests in ${Date.now() - started} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  const report = [...failures.slice(0, MAX_REPORTED), ...serverErrors.slice(0, MAX_REPORTED).map((e) => `server logged: ${e}`)];
  assert.deepEqual(report, [], `FUZZ_SEED=${seed} FUZZ_COUNT=${count}: ${failures.length} failures, ${serverErrors.length} server errors\n${report.join('\n')}`);

  const health = await sendRaw(t.url, { method: 'GET', target: '/healthz' });
  assert.equal(health.status, 200);
  const request = await authorizationRequest(t, world.clientId);
  const callback = await authorize(t, world, request, shareMainWrite(world));
  const tokens = await exchangeCode(world, callback.url, request);
  assert.equal((await introspect(world, tokens.access_token)).active, true);
});

test('attack: the internal API under another letter case or spelling of its path still demands resource-server credentials', async () => {
  const id = targets.installationId;
  const spellings = [
    `/INTERNAL/connections/${id}`, `/Internal/Connections/${id}`, `/internal/CONNECTIONS/${id}`, `/internal/connections/${id}/`,
    `/internal//connections/${id}`, `//internal/connections/${id}`, `/internal/./connections/${id}`, `/%69nternal/connections/${id}`,
  ];
  for (const path of spellings) {
    const read = await sendRaw(t.url, { method: 'GET', target: path });
    assert.notEqual(read.status, 200, path);
    assert.doesNotMatch(read.body, new RegExp(world.userId), path);
    const grant = await sendRaw(t.url, { method: 'POST', target: `${path}/portfolios`, headers: [['Content-Type', 'application/json']], body: Buffer.from(JSON.stringify({ portfolioId: world.portfolios.side })) });
    assert.ok(grant.status >= 400 && grant.status < 500, `${path}/portfolios answered ${grant.status}`);
  }
});

test('attack: oversized bodies are refused with 413 and oversized headers with 431, before they are read', async () => {
  const huge = Buffer.alloc(2 * 1024 * 1024, 'a');
  const form: [string, string][] = [['Content-Type', 'application/x-www-form-urlencoded']];
  for (const target of ['/oauth2/token', '/oauth2/par', '/oauth2/introspect', '/account/login', `/interaction/${targets.login.uid}/login`]) {
    assert.equal((await sendRaw(t.url, { method: 'POST', target, headers: form, body: huge })).status, 413, target);
  }
  const json = await sendRaw(t.url, { method: 'POST', target: `/internal/connections/${targets.installationId}/portfolios`, headers: [['Content-Type', 'application/json']], body: huge });
  assert.equal(json.status, 413);
  // Without a declared length the readers count: ours answer 413, oidc-provider's own 400 invalid_request.
  const chunkedForm = await sendRaw(t.url, { method: 'POST', target: '/account/login', headers: [...form, ['Cookie', targets.accountLogin.cookie]], body: huge, chunked: true });
  assert.equal(chunkedForm.status, 413);
  const chunkedToken = await sendRaw(t.url, { method: 'POST', target: '/oauth2/token', headers: form, body: huge, chunked: true });
  assert.equal(chunkedToken.status, 400);
  assert.equal(JSON.parse(chunkedToken.body).error, 'invalid_request');
  const bigHeader = await sendRaw(t.url, { method: 'GET', target: '/healthz', headers: [['X-Padding', 'a'.repeat(20 * 1024)]] });
  assert.equal(bigHeader.status, 431);
});

test('attack: path traversal out of /public serves nothing but the public files', async () => {
  const traversals = [
    '/public/../package.json', '/public/%2e%2e/package.json', '/public/..%2fpackage.json', '/public/%2e%2e%2fpackage.json',
    '/public/%252e%252e/package.json', '/public/..\\package.json', '/public/....//package.json', '/public/style.css%00.json',
    '/public/%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/public/../src/config.ts', '/client-logos/..%2f..%2fpackage.json',
  ];
  for (const target of traversals) {
    const response = await sendRaw(t.url, { method: 'GET', target });
    assert.equal(response.status, 404, target);
    assert.doesNotMatch(response.body, /"dependencies"|root:x:0|loadConfig/, target);
  }
  assert.equal((await sendRaw(t.url, { method: 'GET', target: '/public/style.css' })).status, 200);
});
