// Attacks through other grant and response types (RFC 9700 sections 2.1.2 and 2.4): only the
// authorization code flow exists here; implicit, hybrid and password requests are refused, and
// every authorization response carries `iss` (RFC 9207) against mix-up attacks.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { Browser, outside } from '../helpers/browser.ts';
import { authorizationRequest, authorize, createWorld, shareMainWrite, PASSWORD, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

async function redirectParams(overrides: Record<string, string | undefined>) {
  const request = await authorizationRequest(t, world.clientId, overrides);
  const page = await new Browser().open(request.url, { stopAt: outside(t.url) });
  const url = new URL(page.url);
  return { status: page.status, params: new URLSearchParams(url.hash ? url.hash.slice(1) : url.search) };
}

for (const responseType of ['token', 'id_token token', 'code token', 'code id_token', 'id_token', 'none']) {
  test(`attack: response_type=${responseType} (implicit or hybrid) is refused`, async () => {
    const { status, params } = await redirectParams({ response_type: responseType, scope: 'openid portfolio:read', nonce: 'n' });
    assert.equal(status, 0);
    assert.equal(params.get('error'), 'unsupported_response_type');
    assert.equal(params.get('access_token'), null);
    assert.equal(params.get('iss'), t.url);
  });
}

test('attack: the resource owner password grant is unsupported_grant_type', async () => {
  const basic = `Basic ${Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64')}`;
  for (const [headers, client] of [[{}, { client_id: world.clientId }], [{ authorization: basic }, {}]] as const) {
    const response = await fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ grant_type: 'password', ...client, username: world.email, password: PASSWORD, scope: 'portfolio:read' }),
    });
    const body = await response.json();
    assert.equal(response.status, 400);
    assert.equal(body.error, 'unsupported_grant_type', JSON.stringify(body));
  }
});

test('attack: client_credentials and device code grants are not available', async () => {
  const basic = `Basic ${Buffer.from(`${world.confidential.clientId}:${world.confidential.secret}`).toString('base64')}`;
  for (const grantType of ['client_credentials', 'urn:ietf:params:oauth:grant-type:device_code', 'urn:ietf:params:oauth:grant-type:token-exchange']) {
    const response = await fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams({ grant_type: grantType }),
    });
    assert.equal(response.status, 400, grantType);
    assert.match((await response.json()).error, /unsupported_grant_type|unauthorized_client|invalid_request/);
  }
});

test('attack (mix-up): iss is in the success response', async () => {
  const request = await authorizationRequest(t, world.clientId);
  const callback = new URL((await authorize(t, world, request, shareMainWrite(world))).url);
  assert.equal(callback.searchParams.get('iss'), t.url);
  assert.ok(callback.searchParams.get('code'));
});

test('attack (mix-up): iss is in error responses too', async () => {
  for (const overrides of [{ scope: 'portfolio:read unknown:scope', prompt: 'none' }, { prompt: 'none' }, { code_challenge: undefined }]) {
    const { params } = await redirectParams(overrides);
    assert.ok(params.get('error'), JSON.stringify(overrides));
    assert.equal(params.get('iss'), t.url);
  }
});

test('attack: an unknown resource indicator is invalid_target', async () => {
  const { params } = await redirectParams({ resource: 'https://evil.example/api' });
  assert.equal(params.get('error'), 'invalid_target');
});
