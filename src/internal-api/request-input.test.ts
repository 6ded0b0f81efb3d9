import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../errors.ts';
import { isWellFormedId, parsePortfolioGrant } from './request-input.ts';

const invalidRequest = (error: unknown) => error instanceof AppError && error.status === 400 && error.code === 'invalid_request';

test('a portfolio grant names one portfolio; other fields are ignored', () => {
  assert.deepEqual(parsePortfolioGrant({ portfolioId: 'pf_1', note: 'x' }), { portfolioId: 'pf_1' });
});

test('portfolioId is required and must be a well-formed id', () => {
  for (const body of [{}, { portfolioId: null }, { portfolioId: 7 }, { portfolioId: ['pf_1'] }, { portfolioId: '' }, { portfolioId: 'pf\u0000' }, { portfolioId: 'p'.repeat(256) }]) {
    assert.throws(() => parsePortfolioGrant(body), invalidRequest, JSON.stringify(body));
  }
});

test('ids are 1 to 255 characters without control characters', () => {
  assert.equal(isWellFormedId('ins_0123'), true);
  assert.equal(isWellFormedId('p'.repeat(255)), true);
  assert.equal(isWellFormedId(''), false);
  assert.equal(isWellFormedId('p'.repeat(256)), false);
  assert.equal(isWellFormedId('a\nb'), false);
  assert.equal(isWellFormedId('a\u007fb'), false);
});
