import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deriveGraceSlot, openGraceEntry, sealGraceEntry, type GraceEntry } from './sealed-response.ts';

const TOKEN = 'x6Cq0bJ1Y3M0cG9ydGZvbGlvLWNvbm5lY3QtcmVmcmVzaA';
const entry: GraceEntry = {
  fingerprint: 'f'.repeat(64),
  status: 200,
  headers: { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ access_token: 'ACCESS-IN-CLEAR', refresh_token: 'REFRESH-IN-CLEAR', token_type: 'Bearer' }),
};

test('a sealed entry opens with the token it was sealed for', () => {
  const slot = deriveGraceSlot(TOKEN);
  assert.deepEqual(openGraceEntry(slot, sealGraceEntry(slot, entry)), entry);
});

test('the slot and the sealed blob reveal neither the presented token nor the new ones', () => {
  const slot = deriveGraceSlot(TOKEN);
  const sealed = sealGraceEntry(slot, entry).toString('latin1');
  for (const secret of [TOKEN, 'ACCESS-IN-CLEAR', 'REFRESH-IN-CLEAR', 'no-store']) {
    assert.ok(!sealed.includes(secret), secret);
    assert.ok(!slot.key.includes(secret), secret);
  }
});

test('slots are stable per token and differ between tokens', () => {
  assert.equal(deriveGraceSlot(TOKEN).key, deriveGraceSlot(TOKEN).key);
  assert.notEqual(deriveGraceSlot(TOKEN).key, deriveGraceSlot(`${TOKEN}x`).key);
  assert.notEqual(deriveGraceSlot(TOKEN).key, deriveGraceSlot(TOKEN).sealingKey.toString('base64url'));
});

test('another token, another slot or an altered blob cannot open an entry', () => {
  const slot = deriveGraceSlot(TOKEN);
  const sealed = sealGraceEntry(slot, entry);
  assert.equal(openGraceEntry(deriveGraceSlot(`${TOKEN}x`), sealed), undefined);
  assert.equal(openGraceEntry({ ...slot, key: deriveGraceSlot('other').key }, sealed), undefined);
  const altered = Buffer.from(sealed);
  const last = altered.length - 1;
  altered.writeUInt8(altered.readUInt8(last) ^ 1, last);
  assert.equal(openGraceEntry(slot, altered), undefined);
  assert.equal(openGraceEntry(slot, Buffer.from('pending')), undefined);
});
