// The audit log records what happened in a user's flow (issue #3, item 10): failed and
// successful logins, consent granted and changed, the connection deleted.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, authorize, createWorld, shareMainWrite, PASSWORD } from '../helpers/flow.ts';

let t: TestServer;

before(async () => {
  t = await startTestServer();
});
after(() => t?.close());

test('a flow leaves its trail in audit_events', async () => {
  const world = await createWorld(t);
  const browser = new Browser();
  const request = await authorizationRequest(t, world.clientId);
  const login = await browser.open(request.url, { stopAt: outside(t.url) });
  const retry = await browser.submit(login, { email: world.email, password: 'wrong password' });
  const consent = await browser.submit(retry, { email: world.email, password: PASSWORD }, { stopAt: outside(t.url) });
  await browser.submit(consent, shareMainWrite(world), { stopAt: outside(t.url) });
  await authorize(t, world, await authorizationRequest(t, world.clientId, { prompt: 'consent' }), { decision: 'approve', share: [world.portfolios.side] }, browser);

  const account = new Browser();
  const page = await account.submit(await account.open(`${t.url}/account/login`), { email: world.email, password: PASSWORD });
  await account.submit(page, {}, { form: 2 });

  const { rows } = await t.db.pool.query(
    `SELECT type, user_id, client_id, installation_id, details FROM audit_events
     WHERE user_id = $1 OR details->>'email' = $2 ORDER BY id`, [world.userId, world.email]);
  const types = rows.map((row) => row.type);
  for (const type of ['login.failed', 'login.succeeded', 'consent.granted', 'consent.changed', 'connection.deleted']) {
    assert.ok(types.includes(type), `${type} in ${types}`);
  }
  const granted = rows.find((row) => row.type === 'consent.granted');
  assert.equal(granted.client_id, world.clientId);
  assert.match(granted.installation_id, /^ins_/);
  assert.deepEqual(granted.details.scopes, ['portfolio:read', 'portfolio:write']);
  assert.equal(JSON.stringify(rows).includes(PASSWORD), false, 'no password in the audit log');
});
