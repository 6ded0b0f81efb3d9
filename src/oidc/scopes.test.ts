import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scopesForChoice } from './scopes.ts';

const both = new Set(['portfolio:read', 'portfolio:write']);

test('read-only sharing yields portfolio:read even when write was asked', () => {
  assert.deepEqual(scopesForChoice(both, new Set(['read'])), ['portfolio:read']);
});

test('write on one portfolio yields both scopes', () => {
  assert.deepEqual(scopesForChoice(both, new Set(['read', 'write'])), ['portfolio:read', 'portfolio:write']);
});

test('never grants a scope that was not requested', () => {
  assert.deepEqual(scopesForChoice(new Set(['portfolio:read']), new Set(['read', 'write'])), ['portfolio:read']);
  assert.deepEqual(scopesForChoice(new Set(['portfolio:write']), new Set(['read'])), []);
});

test('nothing shared grants nothing', () => {
  assert.deepEqual(scopesForChoice(both, new Set()), []);
});

test('allowing new portfolios earns portfolio:write without write on any portfolio', () => {
  assert.deepEqual(scopesForChoice(both, new Set(['read']), true), ['portfolio:read', 'portfolio:write']);
  assert.deepEqual(scopesForChoice(new Set(['portfolio:read']), new Set(['read']), true), ['portfolio:read']);
});

test('allowing new portfolios with nothing shared earns both scopes', () => {
  assert.deepEqual(scopesForChoice(both, new Set(), true), ['portfolio:read', 'portfolio:write']);
});
