import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CURRENCIES, isCurrency } from './currencies.ts';

test('the 47 codes of spec section 2.6, and only those', () => {
  assert.equal(CURRENCIES.size, 47);
  for (const code of ['EUR', 'USD', 'GBX', 'CNY', 'ZMW']) assert.equal(isCurrency(code), true, code);
  for (const code of ['RMB', 'USDC', 'eur', 'XAU', '', 'EUR ']) assert.equal(isCurrency(code), false, code);
});
