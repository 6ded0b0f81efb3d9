// `clients add|list|remove` and `resource-servers add`: the client registry, as operators use it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findClientRecord } from '../../src/clients/client-registry.ts';
import { digestSecret } from '../../src/clients/client-secrets.ts';
import { findPortfoliosOfUser } from '../../src/portfolios/portfolios-queries.ts';
import { addUser, useCliDatabase } from './run-cli.ts';

const session = useCliDatabase();

const byId = (list: Array<{ client_id: string }>, id: string) => list.find((client) => client.client_id === id);

test('clients add registers a public integration without a secret, URIs kept exactly', async () => {
  const uris = ['https://app.example.com/cb/', 'http://127.0.0.1:8080/cb'];
  const result = await session.cli.json(['clients', 'add', '--name', 'Budget App', '--redirect-uri', uris[0]!, '--redirect-uri', uris[1]!]);
  assert.deepEqual(Object.keys(result), ['client_id']);
  assert.match(result.client_id, /^cl_[0-9a-f]{32}$/);
  assert.deepEqual(await findClientRecord(session.db.pool, result.client_id), {
    clientId: result.client_id,
    kind: 'integration',
    name: 'Budget App',
    secrets: [],
    redirectUris: uris,
    homepageUri: null,
    hasLogo: false,
    requirePar: false,
  });
});

test('clients add --confidential shows the secret once', async () => {
  const add = ['clients', 'add', '--name', 'Tax Tool', '--redirect-uri', 'https://tax.example.com/cb', '--confidential'];
  const json = await session.cli.json(add);
  assert.deepEqual(Object.keys(json), ['client_id', 'client_secret']);
  assert.match(json.client_secret, /^[A-Za-z0-9_-]{43}$/);
  assert.deepEqual((await findClientRecord(session.db.pool, json.client_id))?.secrets, [{ digest: digestSecret(json.client_secret), expiresAt: null }]);

  const human = await session.cli.run(add);
  assert.equal(human.status, 0, human.stderr);
  assert.match(human.stdout, /client_id: +cl_[0-9a-f]{32}\n/);
  assert.match(human.stdout, /client_secret: +\S{43}\n/);
  assert.match(human.stdout, /shown only this once/);
});

test('clients add refuses bad redirect URIs and a missing one', async () => {
  const add = (uri: string) => ['clients', 'add', '--name', 'Evil', '--redirect-uri', uri];
  await session.cli.fail(add('http://app.example.com/cb'), 1, 'invalid_redirect_uri');
  await session.cli.fail(add('http://localhost.evil.com/cb'), 1, 'invalid_redirect_uri');
  await session.cli.fail(add('https://good.example.com@evil.example.com/cb'), 1, 'invalid_redirect_uri');
  await session.cli.fail(add('https://app.example.com/cb#frag'), 1, 'invalid_redirect_uri');
  await session.cli.fail(add('javascript:alert(1)'), 1, 'invalid_redirect_uri');
  await session.cli.fail(['clients', 'add', '--name', 'No URI'], 2, 'usage');
  await session.cli.fail(['clients', 'add', '--redirect-uri', 'https://app.example.com/cb'], 2, 'usage');
  const names = (await session.cli.json(['clients', 'list'])).map((client: { name: string }) => client.name);
  assert.ok(!names.includes('Evil') && !names.includes('No URI'));
});

test('resource-servers add returns credentials for introspection', async () => {
  const result = await session.cli.json(['resource-servers', 'add', '--name', 'Connect API']);
  assert.deepEqual(Object.keys(result), ['client_id', 'client_secret']);
  assert.match(result.client_id, /^rs_[0-9a-f]{32}$/);
  const record = await findClientRecord(session.db.pool, result.client_id);
  assert.equal(record?.kind, 'resource_server');
  assert.deepEqual(record?.secrets, [{ digest: digestSecret(result.client_secret), expiresAt: null }]);
  await session.cli.fail(['resource-servers', 'add'], 2, 'usage');
});

test('clients list shows every client without secrets', async () => {
  const integration = await session.cli.json(['clients', 'add', '--name', 'Listed', '--redirect-uri', 'https://l.example.com/cb']);
  const server = await session.cli.json(['resource-servers', 'add', '--name', 'Listed API']);
  const list = await session.cli.json(['clients', 'list']);
  assert.ok(Array.isArray(list));
  assert.deepEqual(byId(list, integration.client_id), {
    client_id: integration.client_id,
    kind: 'integration',
    name: 'Listed',
    redirect_uris: ['https://l.example.com/cb'],
    confidential: false,
    require_par: false,
  });
  assert.deepEqual(byId(list, server.client_id), {
    client_id: server.client_id,
    kind: 'resource_server',
    name: 'Listed API',
    redirect_uris: [],
    confidential: true,
    require_par: false,
  });
  const human = await session.cli.run(['clients', 'list']);
  assert.equal(human.status, 0, human.stderr);
  assert.match(human.stdout, new RegExp(`${integration.client_id}  public  "Listed"  https://l.example.com/cb\n`));
  assert.ok(!(human.stdout + JSON.stringify(list)).includes(server.client_secret));
});

test('clients remove deletes the client with its installations and permissions', async () => {
  const user = await addUser(session.cli);
  const { id: portfolioId } = await session.cli.json(['portfolios', 'add', '--user', user.email, '--name', 'Shared']);
  const { client_id: clientId } = await session.cli.json(['clients', 'add', '--name', 'Doomed', '--redirect-uri', 'https://d.example.com/cb']);
  await session.db.pool.query("INSERT INTO installations (id, user_id, client_id) VALUES ('ins_test', $1, $2)", [user.id, clientId]);
  await session.db.pool.query("INSERT INTO permissions (installation_id, portfolio_id, action) VALUES ('ins_test', $1, 'read')", [portfolioId]);

  assert.deepEqual(await session.cli.json(['clients', 'remove', clientId]), { removed: clientId });
  assert.equal(await findClientRecord(session.db.pool, clientId), undefined);
  const left = await session.db.pool.query(`SELECT
    (SELECT count(*) FROM installations WHERE id = 'ins_test')::int AS installations,
    (SELECT count(*) FROM permissions WHERE installation_id = 'ins_test')::int AS permissions`);
  assert.deepEqual(left.rows[0], { installations: 0, permissions: 0 });
  assert.equal((await findPortfoliosOfUser(session.db.pool, user.id)).length, 1, 'the portfolio stays');

  await session.cli.fail(['clients', 'remove', clientId], 1, 'unknown_client');
  await session.cli.fail(['clients', 'remove'], 2, 'usage');
});
