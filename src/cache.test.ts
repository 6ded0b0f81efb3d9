import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TtlCache } from './cache.ts';

test('concurrent misses share one load', async () => {
  const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
  let loads = 0;
  const load = async () => ++loads;
  const values = await Promise.all([cache.get('a', load), cache.get('a', load)]);
  assert.deepEqual(values, [1, 1]);
  assert.equal(loads, 1);
});

test('delete forces a reload', async () => {
  const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
  let loads = 0;
  await cache.get('a', async () => ++loads);
  cache.delete('a');
  assert.equal(await cache.get('a', async () => ++loads), 2);
});

test('expired entries reload', async () => {
  const cache = new TtlCache<number>({ ttlMs: 0, maxEntries: 10 });
  let loads = 0;
  await cache.get('a', async () => ++loads);
  assert.equal(await cache.get('a', async () => ++loads), 2);
});

test('failed loads are not cached', async () => {
  const cache = new TtlCache<number>({ ttlMs: 1000, maxEntries: 10 });
  await assert.rejects(cache.get('a', async () => { throw new Error('down'); }));
  assert.equal(await cache.get('a', async () => 7), 7);
});

test('size stays bounded, oldest dropped first', async () => {
  const cache = new TtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
  for (const key of ['a', 'b', 'c']) await cache.get(key, async (k) => k);
  let reloaded = false;
  await cache.get('a', async (k) => { reloaded = true; return k; });
  assert.equal(reloaded, true);
});
