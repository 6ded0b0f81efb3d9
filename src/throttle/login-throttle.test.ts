import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accountKey, delayAfter } from './login-throttle.ts';

test('delays double from the first one up to the maximum', () => {
  const policy = { accountBaseDelaySeconds: 60, accountMaxDelaySeconds: 900 };
  assert.deepEqual([1, 2, 3, 4, 5, 6, 50, 5000].map((served) => delayAfter(served, policy)), [60, 120, 240, 480, 900, 900, 900, 900]);
});

test('an account key ignores case and surrounding spaces and does not contain the email', () => {
  assert.equal(accountKey(' Alice@Example.com '), accountKey('alice@example.com'));
  assert.notEqual(accountKey('alice@example.com'), accountKey('bob@example.com'));
  assert.doesNotMatch(accountKey('alice@example.com'), /alice/);
});
