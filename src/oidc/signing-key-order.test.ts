import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifySigningKeys, publishedKeys } from './signing-key-order.ts';
import type { SigningKeyRow } from './signing-keys-queries.ts';

const row = (kid: string, active: boolean, retired = false): SigningKeyRow => ({
  kid, alg: 'ES256', privateJwk: {}, sealedPrivateJwk: null,
  createdAt: new Date(0), activatesAt: new Date(0), retiresAt: retired ? new Date(0) : null, active, retired,
});

test('the newest active key signs, older active ones verify, a pending one is published last', () => {
  const keys = classifySigningKeys([row('next', false), row('new', true), row('old', true), row('gone', true, true)]);
  assert.deepEqual(keys.map((key) => [key.row.kid, key.state]), [
    ['new', 'signing'], ['old', 'verifying'], ['next', 'next'], ['gone', 'retired'],
  ]);
  const rows = [row('next', false), row('new', true), row('old', true), row('gone', true, true)];
  assert.deepEqual(publishedKeys(rows)?.map((key) => key.kid), ['new', 'old', 'next']);
});

test('a retired key never signs, even when it is the newest', () => {
  const keys = classifySigningKeys([row('gone', true, true), row('old', true)]);
  assert.deepEqual(keys.map((key) => [key.row.kid, key.state]), [['old', 'signing'], ['gone', 'retired']]);
});

test('without an active key there is nothing to sign with', () => {
  assert.equal(publishedKeys([]), undefined);
  assert.equal(publishedKeys([row('next', false)]), undefined);
  assert.equal(publishedKeys([row('gone', true, true)]), undefined);
});
