import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isRedirectUriError, validateRedirectUri } from './redirect-uri.ts';

const ACCEPTED = [
  'https://app.example.com/cb',
  'https://app.example.com/cb/', // trailing slash kept as given
  'https://app.example.com/oauth/callback?tenant=42',
  'https://app.example.com:8443/cb',
  'https://app.example.com',
  'http://127.0.0.1:8080/cb',
  'http://127.0.0.1/cb',
  'http://[::1]:53682/callback',
  'http://localhost:3000/callback',
  'http://localhost/cb',
];

const REFUSED: Array<[uri: string, why: RegExp]> = [
  ['http://app.example.com/cb', /https/],
  ['http://localhost.evil.com/cb', /https/],
  ['http://127.0.0.1.nip.io/cb', /https/],
  ['http://127.0.0.2/cb', /https/],
  ['http://127.1/cb', /https/], // parses to 127.0.0.1, but is not the spelling we store
  ['http://0x7f000001/cb', /https/],
  ['http://192.168.1.10/cb', /https/],
  ['https://app.example.com/cb#section', /fragment/],
  ['https://app.example.com/cb#', /fragment/],
  ['https://good.example.com@evil.example.com/cb', /user name/],
  ['https://user:pass@app.example.com/cb', /user name/],
  ['https://@app.example.com/cb', /user name/],
  ['http://localhost@evil.example.com/cb', /user name/],
  ['com.example.app:/oauth2redirect', /absolute https/],
  ['myapp://callback', /absolute https/],
  ['javascript:alert(1)', /absolute https/],
  ['data:text/html,hi', /absolute https/],
  ['ftp://files.example.com/cb', /absolute https/],
  ['HTTPS://app.example.com/cb', /absolute https/],
  ['https:app.example.com/cb', /absolute https/],
  ['//app.example.com/cb', /absolute https/],
  ['/cb', /absolute https/],
  ['app.example.com/cb', /absolute https/],
  ['https:///cb', /host/],
  ['https://app.example.com:99999/cb', /valid URL/],
  ['https://app.example.com/c b', /spaces/],
  [' https://app.example.com/cb', /spaces/],
  ['https://app.example.com/cb\n', /spaces/],
  ['https://evil.example.com\\@good.example.com/cb', /backslash/],
  ['', /1 to/],
  [`https://app.example.com/${'a'.repeat(2000)}`, /1 to/],
];

test('accepts https URIs and http on loopback hosts, returned exactly as given', () => {
  for (const uri of ACCEPTED) assert.equal(validateRedirectUri(uri), uri);
});

test('refuses everything else with a reason', () => {
  for (const [uri, why] of REFUSED) {
    const check = validateRedirectUri(uri);
    assert.ok(isRedirectUriError(check), `accepted ${JSON.stringify(uri)}`);
    assert.match(check.error, why, uri);
    assert.match(check.error, /^redirect URI /);
  }
});
