// Attacks on the redirect URI (RFC 9700 section 4.1): every variant of the registered URI is
// refused with an error page, and the browser is never redirected anywhere.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { authorizationRequest, createWorld, REDIRECT_URI, type World } from '../helpers/flow.ts';

let t: TestServer;
let world: World;

before(async () => {
  t = await startTestServer();
  world = await createWorld(t);
});
after(() => t?.close());

// REDIRECT_URI is http://127.0.0.1:9/callback
const variants: [string, string][] = [
  ['an added trailing slash', `${REDIRECT_URI}/`],
  ['a removed path segment', 'http://127.0.0.1:9/'],
  ['a different case in the path', 'http://127.0.0.1:9/Callback'],
  ['a different case in the scheme and host', 'HTTP://127.0.0.1:9/callback'],
  ['an extra query parameter', `${REDIRECT_URI}?next=https://evil.example`],
  ['a fragment', `${REDIRECT_URI}#x`],
  ['an encoded slash', 'http://127.0.0.1:9/callback%2F..%2Fevil'],
  ['an encoded path traversal', 'http://127.0.0.1:9/callback/%2e%2e/evil'],
  ['userinfo in front of the host', 'http://127.0.0.1:9@evil.example/callback'],
  ['userinfo with the registered host as user', 'http://evil.example@127.0.0.1:9/callback'],
  ['a suffix on the host', 'http://127.0.0.1.evil.example:9/callback'],
  ['another port', 'http://127.0.0.1:10/callback'],
  ['https instead of http', 'https://127.0.0.1:9/callback'],
  ['localhost for 127.0.0.1', 'http://localhost:9/callback'],
  ['a javascript: URI', 'javascript:alert(1)'],
  ['a data: URI', 'data:text/html,<script>alert(1)</script>'],
];

for (const [label, redirectUri] of variants) {
  test(`attack: redirect URI with ${label} gets an error page and no redirect`, async () => {
    const request = await authorizationRequest(t, world.clientId, { redirect_uri: redirectUri });
    const response = await fetch(request.url, { redirect: 'manual' });
    const html = await response.text();
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('location'), null);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.match(html, /redirect_uri|invalid_request/);
    assert.doesNotMatch(html, /evil\.example/, 'the rejected URI is not echoed as a link');
  });
}

test('attack: omitting redirect_uri for a client with one registered URI is refused', async () => {
  const request = await authorizationRequest(t, world.clientId, { redirect_uri: undefined });
  const response = await fetch(request.url, { redirect: 'manual' });
  assert.equal(response.status, 400);
  assert.equal(response.headers.get('location'), null);
});
