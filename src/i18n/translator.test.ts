import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogs, translator } from './translator.ts';

test('every language has every text of the English catalog, and no others', () => {
  const english = Object.keys(catalogs.en).sort();
  assert.deepEqual(Object.keys(catalogs.de).sort(), english);
});

test('placeholders are the same in every language', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const [key, text] of Object.entries(catalogs.en)) {
    assert.deepEqual(placeholders(catalogs.de[key]!), placeholders(text), key);
  }
});

test('placeholders are filled', () => {
  assert.equal(translator('de')('consent.title', { client: 'Budget App' }).includes('Budget App'), true);
});
