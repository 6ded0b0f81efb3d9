import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBasicCredentials } from './client-authentication.ts';

const basic = (raw: string) => `Basic ${Buffer.from(raw, 'utf8').toString('base64')}`;

test('reads client id and secret from HTTP Basic', () => {
  assert.deepEqual(parseBasicCredentials(basic('rs_1:s3cret')), { clientId: 'rs_1', secret: 's3cret' });
});

test('form-decodes both parts (RFC 6749 2.3.1), splitting at the first colon', () => {
  assert.deepEqual(parseBasicCredentials(basic('rs%3A1:a%2Bb+c:d')), { clientId: 'rs:1', secret: 'a+b c:d' });
});

test('the scheme is case-insensitive', () => {
  assert.deepEqual(parseBasicCredentials(`bAsIc ${Buffer.from('a:b').toString('base64')}`), { clientId: 'a', secret: 'b' });
});

test('refuses what is not Basic credentials', () => {
  for (const header of [
    undefined, '', 'Basic', 'Basic ', 'Bearer abc', 'Basic !!!', basic('no-colon'), basic(':secret'), basic('id:'),
    basic('id:%E0%A4%A'), basic('%zz:secret'), `Basic ${Buffer.from('a:b').toString('base64')} extra`,
  ]) {
    assert.equal(parseBasicCredentials(header), undefined, String(header));
  }
});
