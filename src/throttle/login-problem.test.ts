import { test } from 'node:test';
import assert from 'node:assert/strict';
import { translator } from '../i18n/translator.ts';
import { describeProblem, formatWait, statusFor } from './login-problem.ts';

test('waits are written out in the reader language, minutes rounded up', () => {
  const en = translator('en');
  const de = translator('de');
  assert.equal(formatWait(en, 1), '1 second');
  assert.equal(formatWait(en, 45), '45 seconds');
  assert.equal(formatWait(en, 61), '2 minutes');
  assert.equal(formatWait(de, 900), '15 Minuten');
  assert.equal(formatWait(de, 30), '30 Sekunden');
});

test('a failure is a 401, a throttled attempt a 429 that names the wait', () => {
  const en = translator('en');
  assert.equal(statusFor(undefined), 200);
  assert.equal(statusFor({ kind: 'failed' }), 401);
  assert.equal(statusFor({ kind: 'throttled', retryAfterSeconds: 60 }), 429);
  assert.match(describeProblem(en, { kind: 'throttled', retryAfterSeconds: 120 }) ?? '', /2 minutes/);
  assert.equal(describeProblem(en, { kind: 'failed' }), en('login.failed'));
});
